//! The server's host key: generated on first start, kept in the data
//! directory readable by its owner only (0600), and read on later starts.

use russh::keys::{Algorithm, HashAlg, PrivateKey, ssh_key::LineEnding};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// The host key at `path`, made (Ed25519) and written there when missing.
pub fn load_or_create(path: &Path) -> Result<PrivateKey, String> {
    if path.exists() {
        return PrivateKey::read_openssh_file(path)
            .map_err(|e| format!("The host key {} cannot be read: {e}.", path.display()));
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| format!("Could not make a host key: {e}."))?;
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| format!("Could not write the host key: {e}."))?;
    let fail = |e: std::io::Error| format!("Could not write the host key {}: {e}.", path.display());
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .map_err(fail)?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(fail)?;
    Ok(key)
}

/// The key's SHA-256 fingerprint as `ssh` shows it (`SHA256:…`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}
