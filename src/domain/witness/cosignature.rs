//! C2SP tlog-cosignature, Ed25519 (`cosignature/v1`): a witness's keys, the
//! message it signs, and its signature lines (docs/design.md §2, "Witnesses").
//!
//! - verifier key (a C2SP signed-note vkey of signature type 0x04):
//!   `<name>+<key id hex>+<base64(0x04 || public key)>`;
//! - key ID: `SHA-256(<name> || "\n" || 0x04 || public key)[:4]`;
//! - signed message: `cosignature/v1\ntime <T>\n` then the whole checkpoint
//!   body (extension lines included, signature lines not);
//! - signature line: `— <name> base64(key ID || u64 big-endian T || Ed25519 signature)`.
//!
//! The secret key file has the signed-note signer shape with the same type
//! byte: `PRIVATE+KEY+<name>+<key id hex>+<base64(0x04 || seed)>`.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use ed25519_dalek::{Signer, SigningKey, Verifier, VerifyingKey};
use rand_core::CryptoRngCore;

/// The signature type byte of an Ed25519 cosigner key (tlog-cosignature).
const COSIGNATURE_V1: u8 = 0x04;

/// Why a cosigner key does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CosignerKeyError {
    #[error("not a cosigner verifier key (NAME+KEYID+base64(0x04 || Ed25519 public key)): {0}")]
    Verifier(String),
    #[error("not a cosigner secret key (PRIVATE+KEY+NAME+KEYID+base64(0x04 || seed)): {0}")]
    Secret(String),
}

/// `SHA-256(name || "\n" || 0x04 || public key)[:4]`, as tlog-cosignature
/// defines a cosigner's key ID.
pub fn key_id(name: &str, public: &VerifyingKey) -> u32 {
    let encoded = [&[COSIGNATURE_V1][..], public.as_bytes()].concat();
    signed_note::key_id(name, &encoded)
}

/// The message a `cosignature/v1` signs: header, time line, checkpoint body.
pub fn signed_message(body: &str, timestamp: u64) -> Vec<u8> {
    format!("cosignature/v1\ntime {timestamp}\n{body}").into_bytes()
}

/// A witness's public key, as a policy names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CosignerKey {
    /// The key name: the name every signature line of this witness carries.
    name: String,
    /// The Ed25519 public key.
    public: VerifyingKey,
    /// Its key ID, which the signature lines carry.
    id: u32,
}

impl CosignerKey {
    /// Reads a verifier key `<name>+<key id hex>+<base64(0x04 || public key)>`.
    pub fn parse(vkey: &str) -> Result<CosignerKey, CosignerKeyError> {
        let bad = |why: &str| CosignerKeyError::Verifier(format!("{why}: `{vkey}`"));
        let (name, rest) = vkey.split_once('+').ok_or_else(|| bad("no `+`"))?;
        let (id_hex, key64) = rest.split_once('+').ok_or_else(|| bad("no key ID"))?;
        if !signed_note::is_key_name_valid(name) {
            return Err(bad("invalid key name"));
        }
        if id_hex.len() != 8 || !id_hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad("the key ID is not 8 hex digits"));
        }
        let id = u32::from_str_radix(id_hex, 16).map_err(|_| bad("bad key ID"))?;
        let bytes = STANDARD.decode(key64).map_err(|_| bad("bad base64"))?;
        let (&kind, key) = bytes.split_first().ok_or_else(|| bad("empty key"))?;
        if kind != COSIGNATURE_V1 {
            return Err(bad(
                "the signature type is not 0x04 (cosignature/v1, Ed25519)",
            ));
        }
        let key: [u8; 32] = key
            .try_into()
            .map_err(|_| bad("an Ed25519 key is 32 bytes"))?;
        let public = VerifyingKey::from_bytes(&key).map_err(|_| bad("not an Ed25519 point"))?;
        if key_id(name, &public) != id {
            return Err(bad("the key ID does not match the name and key"));
        }
        Ok(CosignerKey {
            name: name.to_string(),
            public,
            id,
        })
    }

    fn new(name: &str, public: VerifyingKey) -> CosignerKey {
        CosignerKey {
            name: name.to_string(),
            id: key_id(name, &public),
            public,
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn id(&self) -> u32 {
        self.id
    }

    /// The 32 bytes of the public key (two policy lines with one key are duplicates).
    pub fn public_bytes(&self) -> &[u8; 32] {
        self.public.as_bytes()
    }

    /// The verifier key text.
    pub fn vkey(&self) -> String {
        let encoded = [&[COSIGNATURE_V1][..], self.public.as_bytes()].concat();
        format!("{}+{:08x}+{}", self.name, self.id, STANDARD.encode(encoded))
    }

    /// The timestamp of `line` when it is this key's valid cosignature of
    /// the checkpoint `body`; None for another key's line or a bad signature.
    pub fn verify_line(&self, body: &str, line: &str) -> Option<u64> {
        let line = line.strip_suffix('\n').unwrap_or(line);
        let (name, sig64) = line.strip_prefix("\u{2014} ")?.split_once(' ')?;
        if name != self.name {
            return None;
        }
        let bytes = STANDARD.decode(sig64).ok()?;
        if bytes.len() != 4 + 8 + 64 || bytes[..4] != self.id.to_be_bytes() {
            return None;
        }
        let timestamp = u64::from_be_bytes(bytes[4..12].try_into().ok()?);
        if timestamp > i64::MAX as u64 {
            return None;
        }
        let signature = ed25519_dalek::Signature::from_slice(&bytes[12..]).ok()?;
        self.public
            .verify(&signed_message(body, timestamp), &signature)
            .ok()
            .map(|()| timestamp)
    }
}

/// A witness's signing key.
#[derive(Clone)]
pub struct Cosigner {
    /// The Ed25519 secret key.
    secret: SigningKey,
    /// Its public half, named.
    key: CosignerKey,
}

impl std::fmt::Debug for Cosigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cosigner({})", self.key.vkey())
    }
}

impl Cosigner {
    /// A new secret key named `name`, in the text form [`Cosigner::from_secret`] reads.
    pub fn generate(name: &str, rng: &mut impl CryptoRngCore) -> Result<String, CosignerKeyError> {
        if !signed_note::is_key_name_valid(name) {
            return Err(CosignerKeyError::Secret(format!(
                "invalid key name `{name}`"
            )));
        }
        let secret = SigningKey::generate(rng);
        Ok(Cosigner::with_secret(name, secret).secret_text())
    }

    fn with_secret(name: &str, secret: SigningKey) -> Cosigner {
        Cosigner {
            key: CosignerKey::new(name, secret.verifying_key()),
            secret,
        }
    }

    fn secret_text(&self) -> String {
        let encoded = [&[COSIGNATURE_V1][..], self.secret.as_bytes()].concat();
        format!(
            "PRIVATE+KEY+{}+{:08x}+{}",
            self.key.name,
            self.key.id,
            STANDARD.encode(encoded)
        )
    }

    /// Reads `PRIVATE+KEY+<name>+<key id hex>+<base64(0x04 || seed)>`.
    pub fn from_secret(text: &str) -> Result<Cosigner, CosignerKeyError> {
        let bad = |why: &str| CosignerKeyError::Secret(why.to_string());
        let parts: Vec<&str> = text.trim().splitn(5, '+').collect();
        let [_, _, name, id_hex, key64] = parts[..] else {
            return Err(bad("too few `+`-separated parts"));
        };
        if !text.trim().starts_with("PRIVATE+KEY+") {
            return Err(bad("it does not start with PRIVATE+KEY+"));
        }
        let bytes = STANDARD.decode(key64).map_err(|_| bad("bad base64"))?;
        let (&kind, seed) = bytes.split_first().ok_or_else(|| bad("empty key"))?;
        if kind != COSIGNATURE_V1 {
            return Err(bad(
                "the signature type is not 0x04 (cosignature/v1, Ed25519)",
            ));
        }
        let seed: [u8; 32] = seed.try_into().map_err(|_| bad("a seed is 32 bytes"))?;
        if !signed_note::is_key_name_valid(name) {
            return Err(bad("invalid key name"));
        }
        let cosigner = Cosigner::with_secret(name, SigningKey::from_bytes(&seed));
        if format!("{:08x}", cosigner.key.id) != id_hex.to_ascii_lowercase() {
            return Err(bad("the key ID does not match the name and key"));
        }
        Ok(cosigner)
    }

    pub fn key(&self) -> &CosignerKey {
        &self.key
    }

    /// The cosignature line (newline-terminated) of checkpoint `body` at `timestamp`.
    pub fn sign(&self, body: &str, timestamp: u64) -> String {
        let signature = self.secret.sign(&signed_message(body, timestamp));
        let mut bytes = Vec::with_capacity(76);
        bytes.extend_from_slice(&self.key.id.to_be_bytes());
        bytes.extend_from_slice(&timestamp.to_be_bytes());
        bytes.extend_from_slice(&signature.to_bytes());
        format!("\u{2014} {} {}\n", self.key.name, STANDARD.encode(bytes))
    }
}

/// The key ID and timestamp a cosignature line carries, unverified (for
/// saying what a line is); None when it is not a cosignature/v1 line.
pub fn line_parts(line: &str) -> Option<(&str, u32, u64)> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let (name, sig64) = line.strip_prefix("\u{2014} ")?.split_once(' ')?;
    let bytes = STANDARD.decode(sig64).ok()?;
    if bytes.len() != 76 {
        return None;
    }
    let id = u32::from_be_bytes(bytes[..4].try_into().ok()?);
    Some((name, id, u64::from_be_bytes(bytes[4..12].try_into().ok()?)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str =
        "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n";

    #[test]
    fn the_signed_message_is_the_one_the_spec_shows() {
        assert_eq!(
            String::from_utf8(signed_message(BODY, 1679315147)).unwrap(),
            "cosignature/v1\ntime 1679315147\nexample.com/behind-the-sofa\n20852163\n\
             CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n"
        );
    }

    #[test]
    fn the_specs_example_line_reads_as_key_id_and_timestamp() {
        // tlog-cosignature's example cosignature (its key is not published).
        let line = "\u{2014} witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==";
        let (name, id, time) = line_parts(line).unwrap();
        assert_eq!(name, "witness.example.com/w1");
        assert_eq!(id, 0x8d66cf3f);
        assert_eq!(time, 1679315147);
    }

    #[test]
    fn signing_and_verifying_round_trip_and_tampering_fails() {
        let secret = Cosigner::generate("witness.example/w1", &mut rand_core::OsRng).unwrap();
        let cosigner = Cosigner::from_secret(&secret).unwrap();
        let vkey = cosigner.key().vkey();
        assert!(vkey.starts_with("witness.example/w1+"));
        let key = CosignerKey::parse(&vkey).unwrap();
        assert_eq!(&key, cosigner.key());
        let line = cosigner.sign(BODY, 1700000000);
        assert_eq!(key.verify_line(BODY, &line), Some(1700000000));
        assert_eq!(
            key.verify_line(&BODY.replace("20852163", "20852164"), &line),
            None
        );
        let other = Cosigner::from_secret(
            &Cosigner::generate("witness.example/w1", &mut rand_core::OsRng).unwrap(),
        )
        .unwrap();
        assert_eq!(other.key().verify_line(BODY, &line), None);
    }

    #[test]
    fn the_key_id_is_the_specs_hash_and_a_wrong_type_is_refused() {
        let cosigner =
            Cosigner::from_secret(&Cosigner::generate("w", &mut rand_core::OsRng).unwrap())
                .unwrap();
        let public = cosigner.key().public_bytes();
        let mut hashed = b"w\n\x04".to_vec();
        hashed.extend_from_slice(public);
        let digest = <sha2::Sha256 as sha2::Digest>::digest(&hashed);
        assert_eq!(cosigner.key().id().to_be_bytes(), digest[..4]);
        // A log's vkey (type 0x01) is not a cosigner key.
        assert!(CosignerKey::parse(
            "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
        )
        .is_err());
        let vkey = cosigner.key().vkey();
        let wrong_id = format!("w+00000000+{}", vkey.splitn(3, '+').nth(2).unwrap());
        assert!(CosignerKey::parse(&wrong_id).is_err());
    }
}
