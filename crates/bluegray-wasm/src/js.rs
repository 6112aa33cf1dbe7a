//! Reading JS arguments and making JS errors, for every `#[wasm_bindgen]` function of the crate:
//! a value of the wrong type becomes a `bad-argument` error naming the argument, and every
//! [`ApiError`] becomes a JS `Error` with its `code` (see [`crate::error`]).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::{describe_number, whole_number, ApiError, ErrorCode};

/// The JS `Error` for `e`, with `code` (and `reason`, `points` for a refused move).
pub(crate) fn js_error(e: ApiError) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    let set = |key: &str, value: &JsValue| {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&err, &JsValue::from_str(key), value);
    };
    set("code", &JsValue::from_str(e.code.as_str()));
    if let Some(reason) = e.reason {
        set("reason", &JsValue::from_str(reason));
        let points: js_sys::Array = e.points.iter().map(|p| JsValue::from_str(p)).collect();
        set("points", &points);
    }
    err.into()
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let ser = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&ser).map_err(|e| {
        js_error(ApiError::new(
            ErrorCode::Internal,
            format!("cannot convert to JS: {e}"),
        ))
    })
}

/// How an error message names a JS value of the wrong type.
pub(crate) fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".into()
    } else if value.is_null() {
        "null".into()
    } else if let Some(n) = value.as_f64() {
        describe_number(n)
    } else if value.as_bool().is_some() {
        "a boolean".into()
    } else if value.is_string() {
        "a string".into()
    } else if value.is_symbol() {
        "a symbol".into()
    } else if value.is_bigint() {
        "a bigint".into()
    } else if js_sys::Array::is_array(value) {
        "an array".into()
    } else if value.is_function() {
        "a function".into()
    } else {
        "an object".into()
    }
}

/// A string argument.
pub(crate) fn string(value: &JsValue, function: &str, argument: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        js_error(ApiError::bad_argument(
            function,
            argument,
            "a string",
            &describe(value),
        ))
    })
}

/// A number argument that must be a whole number from `min` to `max`.
pub(crate) fn number(
    value: &JsValue,
    min: u64,
    max: u64,
    function: &str,
    argument: &str,
) -> Result<u64, JsValue> {
    let n = value.as_f64().ok_or_else(|| {
        js_error(ApiError::bad_argument(
            function,
            argument,
            &format!("a whole number from {min} to {max}"),
            &describe(value),
        ))
    })?;
    whole_number(n, min, max, function, argument).map_err(js_error)
}
