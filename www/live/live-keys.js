// The keys and signatures of live games (live-protocol.js): ECDSA P-256 through Web Crypto, each
// public key and signature as base64url text. A seat's private key travels in one place only:
// the invitation, which carries the guest seat's as its PKCS#8 bytes in base64url (the seat's
// "secret"); every other private key stays on the device that made it (as a JWK, kept).
// Pure but for Web Crypto: no DOM, no relay.

/**
 * A seat's key pair: the public key as base64url text and the private key as a JWK (kept).
 * @typedef {{key: string, privateJwk: JsonWebKey}} Identity
 */

/**
 * Signs `text` with a seat's private key: resolves to the signature (base64url).
 * @typedef {(text: string) => Promise<string>} Sign
 */

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' };
const encoder = new TextEncoder();

function subtle() {
  const s = globalThis.crypto && globalThis.crypto.subtle;
  // Web Crypto is there only on secure pages (https, or this machine's own address).
  if (!s) throw new Error('Web Crypto is not available (the page must be served over https or from localhost)');
  return s;
}

/**
 * @param {ArrayBuffer|Uint8Array} bytes
 * @returns {string}
 */
function toBase64Url(bytes) {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer>}
 */
function fromBase64Url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/**
 * Whether `text` looks like a public key of ours (a P-256 point, 65 bytes, base64url).
 * @param {unknown} text
 * @returns {text is string}
 */
export function isKeyText(text) {
  return typeof text === 'string' && /^[A-Za-z0-9_-]{87}$/.test(text);
}

/**
 * Whether `text` looks like a signature of ours (P-256 ECDSA, 64 bytes, base64url).
 * @param {unknown} text
 * @returns {text is string}
 */
export function isSigText(text) {
  return typeof text === 'string' && /^[A-Za-z0-9_-]{86}$/.test(text);
}

/**
 * Whether `text` looks like a seat's secret (a PKCS#8 private key, base64url): its shape only.
 * @param {unknown} text
 * @returns {text is string}
 */
export function isSecretText(text) {
  return typeof text === 'string' && /^[A-Za-z0-9_-]{100,300}$/.test(text);
}

/**
 * The public key (base64url of the raw point) of a private key's JWK.
 * @param {JsonWebKey} jwk
 * @returns {string}
 */
function publicKeyOf(jwk) {
  if (!jwk.x || !jwk.y) throw new Error('the private key lacks its public point');
  return toBase64Url(Uint8Array.from([4, ...fromBase64Url(jwk.x), ...fromBase64Url(jwk.y)]));
}

/**
 * A new key pair of a seat: `{key (public, base64url), privateJwk}`.
 * @returns {Promise<Identity>}
 */
export async function newIdentity() {
  const pair = await subtle().generateKey(ALGORITHM, true, ['sign', 'verify']);
  const key = toBase64Url(await subtle().exportKey('raw', pair.publicKey));
  return { key, privateJwk: await subtle().exportKey('jwk', pair.privateKey) };
}

/**
 * A seat's secret, what an invitation carries: its private key as PKCS#8, base64url.
 * @param {JsonWebKey} privateJwk
 * @returns {Promise<string>}
 */
export async function secretOf(privateJwk) {
  const k = await subtle().importKey('jwk', privateJwk, ALGORITHM, true, ['sign']);
  return toBase64Url(await subtle().exportKey('pkcs8', k));
}

/**
 * The seat's key pair an invitation's secret holds; rejects when it holds none.
 * @param {string} secret
 * @returns {Promise<Identity>}
 */
export async function identityOf(secret) {
  if (!isSecretText(secret)) throw new Error('not a seat key');
  const k = await subtle().importKey('pkcs8', fromBase64Url(secret), ALGORITHM, true, ['sign']);
  const privateJwk = await subtle().exportKey('jwk', k);
  return { key: publicKeyOf(privateJwk), privateJwk };
}

/**
 * A signer for a kept identity: `sign(text)` resolves to the signature (base64url).
 * @param {JsonWebKey} privateJwk
 * @returns {Promise<Sign>}
 */
export async function signer(privateJwk) {
  const k = await subtle().importKey('jwk', privateJwk, ALGORITHM, false, ['sign']);
  return async (text) => toBase64Url(await subtle().sign(SIGNING, k, encoder.encode(text)));
}

/** @type {Map<string, CryptoKey>} */
const publicKeys = new Map();

/**
 * Whether `sig` is the signature of `text` by the key `keyText` (false for anything that is not
 * a key and a signature of ours).
 * @param {unknown} keyText
 * @param {unknown} sig
 * @param {string} text
 * @returns {Promise<boolean>}
 */
export async function verify(keyText, sig, text) {
  if (!isKeyText(keyText) || !isSigText(sig)) return false;
  let k = publicKeys.get(keyText);
  if (!k) {
    try {
      k = await subtle().importKey('raw', fromBase64Url(keyText), ALGORITHM, false, ['verify']);
    } catch {
      return false;
    }
    publicKeys.set(keyText, k);
  }
  return subtle().verify(SIGNING, k, fromBase64Url(sig), encoder.encode(text));
}
