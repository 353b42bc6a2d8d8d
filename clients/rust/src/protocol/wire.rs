//! Wire helpers shared by the protocol shapes: present-`null` kept apart from absent, JavaScript-style numbers,
//! and the `string_enum!` macro. Serde plumbing only; no protocol types live here.

use serde::{Deserialize, Deserializer, Serializer};
use serde_json::Value;

/// `Some(value)` for a present field, even when it is `null` (serde's `Option` would make that `None`).
pub(crate) fn some_value<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// JSON numbers as JavaScript writes them: an integral `f64` is written without `.0` (60000, not 60000.0).
pub(crate) mod js_number {
    use super::*;
    const MAX_SAFE: f64 = 9_007_199_254_740_992.0;

    pub fn write<S: Serializer>(v: f64, s: S) -> Result<S::Ok, S::Error> {
        if v.is_finite() && v.fract() == 0.0 && v.abs() < MAX_SAFE {
            s.serialize_i64(v as i64)
        } else {
            s.serialize_f64(v)
        }
    }
    pub fn serialize<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
        write(*v, s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        f64::deserialize(d)
    }
    pub mod opt {
        use super::*;
        pub fn serialize<S: Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
            match v {
                Some(v) => write(*v, s),
                None => s.serialize_none(),
            }
        }
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
            Option::<f64>::deserialize(d)
        }
    }
}

/// A string enum with known values and an `Other` variant for values this crate does not know.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
            /// A value this version of the crate does not know (kept as written).
            Other(String),
        }
        impl $name {
            pub fn as_str(&self) -> &str {
                match self {
                    $(Self::$variant => $text,)*
                    Self::Other(text) => text,
                }
            }
        }
        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                match text {
                    $($text => Self::$variant,)*
                    other => Self::Other(other.to_owned()),
                }
            }
        }
        impl From<String> for $name {
            fn from(text: String) -> Self {
                match Self::from(text.as_str()) {
                    Self::Other(_) => Self::Other(text),
                    known => known,
                }
            }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                String::deserialize(d).map(Self::from)
            }
        }
    };
}
