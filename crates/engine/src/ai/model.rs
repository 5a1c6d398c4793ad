//! How a seat of a game of three or four seats looks ahead: a value the
//! variants choose ([`super::Evaluate::seat_model`]) and the many-seat
//! search obeys.

/// How a seat looks ahead in a game of more than two seats.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Model {
    /// Every other seat plays against the thinking seat (alpha-beta).
    Paranoid,
    /// Every seat plays for its own evaluation (max-n).
    MaxN,
}

impl Model {
    /// The model's name (`"paranoid"`, `"maxn"`).
    pub const fn id(self) -> &'static str {
        match self {
            Model::Paranoid => "paranoid",
            Model::MaxN => "maxn",
        }
    }
}

impl std::str::FromStr for Model {
    type Err = crate::text::UnknownChoice;

    /// Reads `paranoid` or `maxn`.
    fn from_str(s: &str) -> Result<Model, crate::text::UnknownChoice> {
        match s.trim().to_ascii_lowercase().as_str() {
            "paranoid" => Ok(Model::Paranoid),
            "maxn" | "max-n" => Ok(Model::MaxN),
            _ => Err(crate::text::UnknownChoice::among(
                "search model",
                s,
                &["paranoid", "maxn"],
            )),
        }
    }
}
