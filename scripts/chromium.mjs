// The browser the tests and the page measurements drive: Debian's Chromium (or $CHROMIUM_PATH),
// headless, with the flags this machine needs (no sandbox as root; no background networking,
// whose connections the closed network would refuse).
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--headless',
]);
