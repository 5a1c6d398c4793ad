//! The server's host key: made on first start and written whole or not at
//! all, readable by its owner only (0600), and read on later starts. As
//! sshd does, a key file that others may read is refused; a file that is
//! no key is refused with a sentence naming it, except an empty one,
//! which only an interrupted first write could have left, and which is
//! replaced by a new key.

use super::log;
use catboard::durable::{self, Access};
use russh::keys::{Algorithm, HashAlg, PrivateKey, ssh_key::LineEnding};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// The host key at `path`, made (Ed25519) and written there when missing.
pub fn load_or_create(path: &Path) -> Result<PrivateKey, String> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() > 0 => return load(path, meta.permissions().mode()),
        Ok(_) => log::event(format!(
            "the host key {} is empty (a first start cut short); a new one is made",
            path.display()
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => {
            return Err(format!(
                "The host key {} cannot be read: {e}.",
                path.display()
            ));
        }
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| format!("Could not make a host key: {e}."))?;
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| format!("Could not write the host key: {e}."))?;
    durable::replace(path, text.as_bytes(), Access::Private)
        .map_err(|e| format!("Could not write the host key {}: {e}.", path.display()))?;
    log::event(format!("made the host key {}", path.display()));
    Ok(key)
}

/// Reads the key at `path`, whose mode is `mode`.
fn load(path: &Path, mode: u32) -> Result<PrivateKey, String> {
    if mode & 0o077 != 0 {
        return Err(format!(
            "UNPROTECTED PRIVATE KEY FILE: the host key {} has mode {:o}, so others may read it; \
             it is refused. Make it the owner's alone (chmod 600 {}) or move it away to make a new one.",
            path.display(),
            mode & 0o777,
            path.display()
        ));
    }
    PrivateKey::read_openssh_file(path).map_err(|e| {
        format!(
            "The host key {} is not an OpenSSH private key ({e}); restore it from a backup, \
             or move it away to make a new one (clients will then warn that the key changed).",
            path.display()
        )
    })
}

/// The key's SHA-256 fingerprint as `ssh` shows it (`SHA256:…`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn scratch(tag: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("catboard-hostkey-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        dir
    }

    #[test]
    fn a_new_key_is_written_0600_and_read_back_the_same() {
        let dir = scratch("new");
        let path = dir.join("host_key");
        let made = load_or_create(&path).expect("made");
        let mode = std::fs::metadata(&path)
            .expect("written")
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600);
        let again = load_or_create(&path).expect("read");
        assert_eq!(fingerprint(&made), fingerprint(&again));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_key_others_may_read_is_refused_as_sshd_refuses_it() {
        let dir = scratch("open");
        let path = dir.join("host_key");
        load_or_create(&path).expect("made");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        let err = load_or_create(&path).expect_err("refused");
        assert!(err.starts_with("UNPROTECTED PRIVATE KEY FILE"), "{err}");
        assert!(
            err.contains("mode 644") && err.contains("chmod 600"),
            "{err}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_empty_key_is_replaced_and_a_corrupt_one_is_refused_by_name() {
        let dir = scratch("broken");
        let path = dir.join("host_key");
        std::fs::write(&path, "").expect("empty");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        load_or_create(&path).expect("an empty file gives way to a new key");
        std::fs::write(&path, "-----BEGIN nonsense").expect("corrupt");
        let err = load_or_create(&path).expect_err("refused");
        assert!(err.contains(&path.display().to_string()), "{err}");
        assert!(err.contains("is not an OpenSSH private key"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
