//! The code that touches JS values (with `clock.rs`, the host's clock and the seed): reading an
//! argument into a [`JsArg`], making the JS `Error` of an [`ApiError`], building returned
//! objects. JS built-ins are called through js-sys, and checked lists of strings are turned into
//! Rust by serde-wasm-bindgen; the `extern` block below holds only
//! what those crates do not offer in a form that catches (docs/WASM-API.md, "The boundary").
//!
//! A JS exception must never unwind through wasm frames: it would skip the code that restores
//! the wasm stack pointer (after some two thousand such calls every call traps) and leave a
//! `RefCell` borrowed for good. So every JS function called here that could throw, or run JS
//! that throws (a getter, a Proxy's trap, a replaced built-in), is one that catches (js-sys's
//! `Reflect` and `JSON.parse`, or an import below with `#[wasm_bindgen(catch)]`), and a function
//! whose answer a page could replace returns a plain `JsValue` (a `bool` or `f64` return would
//! be converted by JS after the catch, calling a hostile `valueOf`); a failure becomes an error
//! with a code or a fallback. Types are told by `typeof` checks, which run no JS.
//!
//! Returned objects are made by `JSON.parse` of JSON written in Rust: it defines their
//! properties without running setters that a page may have put on `Object.prototype` or
//! `Array.prototype`. serde-wasm-bindgen's serializer cannot promise that (it assigns each
//! property, `object[key] = value`, which runs such a setter outside any catch), and it was
//! slower for the game's state anyway (docs/WASM-API.md has the figures). Error properties are
//! defined with descriptors that have no prototype, for the same reason.
//!
//! One cost is wasm-bindgen's (0.2.130): a catching import that returns a value keeps the
//! externref table slot it made for the (undefined) result when the call throws, 4 bytes of wasm
//! memory each time. Only a JS exception met here costs it, at most one per call (a call stops
//! at its first), so no ordinary use ever pays.

#[cfg(feature = "teaching")]
use js_sys::Reflect;
use js_sys::{Error, JsString, Object, JSON};
#[cfg(feature = "teaching")]
use serde::de::value::SeqDeserializer;
#[cfg(feature = "teaching")]
use serde::Deserialize;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::args::{JsArg, Param};
use crate::error::{ApiError, ErrorCode};
use crate::said::{Param as SaidParam, Said};

// What js-sys and web-sys do not bind in a form that catches and answers a plain `JsValue`,
// each import said why; every other call is theirs.
#[wasm_bindgen]
extern "C" {
    // js-sys's `Array::is_array` does not catch, and `Array.isArray` throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<JsValue, JsValue>;
    // js-sys's `Object::create` does not catch (a page may have replaced `Object.create`).
    #[wasm_bindgen(catch, js_namespace = Object, js_name = create)]
    fn object_create(prototype: &JsValue) -> Result<Object, JsValue>;
    // js-sys's `Error::new` does not catch (a page may have replaced `Error`). Whatever a
    // replacement answers is only given to `define_property`, which catches, and thrown.
    #[wasm_bindgen(catch, js_name = Error)]
    fn new_error(message: &str) -> Result<Error, JsValue>;
    // js-sys's `Reflect::set` and `Reflect::define_property` catch, but answer a `bool`, which
    // wasm makes of the JS answer after the catch: a replaced `Reflect.set` answering an object
    // with a throwing `valueOf`, or a symbol, would throw into wasm there.
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = set)]
    fn reflect_set(target: &Object, key: &JsString, value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Reflect, js_name = defineProperty)]
    fn define_property(
        target: &Object,
        key: &JsString,
        descriptor: &Object,
    ) -> Result<JsValue, JsValue>;
}

/// Describes `value` without running any of its JS: only `typeof` checks and `Array.isArray`
/// (which throws for a revoked Proxy: then a `js-exception` error naming `p`).
pub(crate) fn read(value: &JsValue, p: Param) -> Result<JsArg, ApiError> {
    Ok(if value.is_undefined() {
        JsArg::Undefined
    } else if value.is_null() {
        JsArg::Null
    } else if let Some(b) = value.as_bool() {
        JsArg::Bool(b)
    } else if let Some(n) = value.as_f64() {
        JsArg::Number(n)
    } else if let Some(s) = value.as_string() {
        JsArg::String(s)
    } else if value.is_symbol() {
        JsArg::Symbol
    } else if value.is_bigint() {
        JsArg::BigInt
    } else if value.is_function() {
        JsArg::Function
    } else {
        match is_array(value) {
            Ok(a) if a.as_bool() == Some(true) => JsArg::Array,
            Ok(_) => JsArg::Object,
            Err(_) => return Err(p.js_exception()),
        }
    })
}

/// A string argument. Out of line: every export reads some, and one copy serves them all.
#[inline(never)]
pub(crate) fn string(value: &JsValue, p: Param) -> Result<String, ApiError> {
    crate::args::string(read(value, p)?, p)
}

/// The arguments `spec` and `code` of `function` (a variant spec and a position code), both
/// strings, read in that order: `Game.fromCode` and `checkPosition` take them alike.
pub(crate) fn spec_and_code(
    spec: &JsValue,
    code: &JsValue,
    function: &str,
) -> Result<(String, String), ApiError> {
    Ok((
        string(spec, Param::new(function, "spec"))?,
        string(code, Param::new(function, "code"))?,
    ))
}

/// `Reflect.get(target, key)`, a throw (a getter's, a Proxy trap's) as a `js-exception` error
/// naming `p`.
#[cfg(feature = "teaching")]
fn get(target: &JsValue, key: &JsValue, p: Param) -> Result<JsValue, ApiError> {
    Reflect::get(target, key).map_err(|_| p.js_exception())
}

/// An array argument of strings, such as a list of moves: at most `max` of them (a longer array
/// is refused with `too_long(length)` before any element is read). Every element is read with
/// `Reflect.get`, never by iterating the array (which would run its iterator), and described
/// unless it is a string; then the first that is not a string is a `bad-argument` error naming
/// it (`moves[2]`). Only the checked strings go to serde-wasm-bindgen, which makes them Rust's:
/// given the array, it would read it again itself, running a getter or a Proxy's trap outside
/// any catch (and a second read of a Proxy may answer otherwise than the first).
#[cfg(feature = "teaching")]
pub(crate) fn strings(
    value: &JsValue,
    max: usize,
    too_long: impl FnOnce(usize) -> ApiError,
    p: Param,
) -> Result<Vec<String>, ApiError> {
    let arg = read(value, p)?;
    if arg != JsArg::Array {
        return Err(p.bad("an array of moves in notation, such as [\"e1-e2\"]", &arg));
    }
    // A Proxy of an array answers these reads with its traps, which may throw.
    let length = get(value, &JsValue::from_str("length"), p)?;
    let length = crate::args::array_length(&read(&length, p)?, p)?;
    if length > max {
        return Err(too_long(length));
    }
    let mut elements = Vec::with_capacity(length);
    let mut not_a_string = None;
    for i in 0..length {
        let element = get(value, &JsValue::from_f64(i as f64), p)?;
        if !element.is_string() {
            let arg = read(&element, p)?;
            not_a_string.get_or_insert((i, arg));
        }
        elements.push(element);
    }
    if let Some((i, arg)) = not_a_string {
        let name = format!("{}[{i}]", p.name);
        return Err(Param::new(p.function, &name).bad("a string", &arg));
    }
    let values = elements
        .into_iter()
        .map(serde_wasm_bindgen::Deserializer::from);
    // Every value is a string, so this cannot fail. Should it, serde-wasm-bindgen's error (a JS
    // `Error`, whose message would take a JS call to read) is not written out.
    Vec::<String>::deserialize(SeqDeserializer::new(values)).map_err(|_| {
        ApiError::new(
            ErrorCode::Internal,
            format!("{}: cannot read {} as strings", p.function, p.name),
        )
    })
}

/// `value` as JSON, for [`parse`]. Fails only on a map whose keys are not strings (a bug).
/// serde_json's error is not written out: its `Display` would bring every message of its
/// parser into the module.
pub(crate) fn json<T: Serialize>(value: &T, function: &str) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(|_| {
        ApiError::new(
            ErrorCode::Internal,
            format!("{function}: cannot convert the result to JS"),
        )
    })
}

/// The JS value of JSON text made by [`json`].
#[inline(never)]
pub(crate) fn parse(text: &str, function: &str) -> Result<JsValue, ApiError> {
    JSON::parse(text).map_err(|_| {
        ApiError::new(
            ErrorCode::JsException,
            format!("{function}: JSON.parse threw a JS exception while making the result"),
        )
    })
}

#[cfg(any(feature = "play", feature = "teaching"))]
/// `value` as a plain JS object or array.
pub(crate) fn to_js<T: Serialize>(value: &T, function: &str) -> Result<JsValue, JsValue> {
    parse_json(json(value, function), function)
}

#[cfg(any(feature = "play", feature = "teaching"))]
/// The generic part of [`to_js`] kept small: one copy of the rest serves every type.
#[inline(never)]
fn parse_json(text: Result<String, ApiError>, function: &str) -> Result<JsValue, JsValue> {
    text.and_then(|text| parse(&text, function))
        .map_err(js_error)
}

/// Defines `key` on `target` as a writable, enumerable, configurable data property, as an
/// assignment would on a plain object, but running no setter of any prototype. Best effort:
/// only replaced built-ins can make it fail.
fn define(target: &Object, key: &str, value: &JsValue) {
    // A descriptor without a prototype: `Reflect.defineProperty` reads `get`, `set`, `value`
    // and the rest from it, and would find a page's getters on `Object.prototype`. Its fields
    // are set with `Reflect.set`, which on an object without a prototype can meet no setter.
    let Ok(descriptor) = object_create(&JsValue::NULL) else {
        return;
    };
    let fields = [
        ("value", value.clone()),
        ("writable", JsValue::TRUE),
        ("enumerable", JsValue::TRUE),
        ("configurable", JsValue::TRUE),
    ];
    for (name, v) in fields {
        let _ = reflect_set(&descriptor, &JsString::from(name), &v);
    }
    let _ = define_property(target, &JsString::from(key), &descriptor);
}

/// `said` as a plain JS object, `{key, params}`, a parameter that is a message one too.
fn said_value(said: &Said) -> JsValue {
    let params = Object::new();
    for (name, param) in &said.params {
        let value = match param {
            SaidParam::Text(text) => JsValue::from_str(text),
            SaidParam::Number(n) => JsValue::from_f64(*n as f64),
            SaidParam::Said(inner) => said_value(inner),
        };
        define(&params, name, &value);
    }
    let object = Object::new();
    define(&object, "key", &JsValue::from_str(said.key));
    define(&object, "params", &params);
    object.into()
}

/// The JS `Error` for `e`, with `code`, `i18n` for an error of the rules core's (and `reason`,
/// `points` for a refused move). Should the
/// `Error` constructor itself have been replaced by one that throws, the message alone.
pub(crate) fn js_error(e: ApiError) -> JsValue {
    let Ok(err) = new_error(&e.message) else {
        return JsValue::from_str(&e.message);
    };
    define(&err, "code", &JsValue::from_str(e.code.as_str()));
    if let Some(said) = &e.said {
        define(&err, "i18n", &said_value(said));
    }
    if let Some(reason) = e.reason {
        define(&err, "reason", &JsValue::from_str(reason));
        let points = json(&e.points, "points")
            .and_then(|text| parse(&text, "points"))
            .unwrap_or(JsValue::UNDEFINED);
        define(&err, "points", &points);
    }
    err.into()
}
