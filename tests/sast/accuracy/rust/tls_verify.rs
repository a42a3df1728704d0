use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, Error, RootCertStore, SignatureScheme};

/// Accepts any server certificate. Used by the "--insecure" CLI flag.
#[derive(Debug)]
struct AcceptAll;

impl ServerCertVerifier for AcceptAll {
    // expect: rust.rustls-verifier-accepts-any
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        Ok(HandshakeSignatureValid::assertion())
    }

    fn verify_tls13_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, Error> {
        Ok(HandshakeSignatureValid::assertion())
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        vec![SignatureScheme::ECDSA_NISTP256_SHA256, SignatureScheme::ED25519]
    }
}

/// Pins the server's leaf certificate.
#[derive(Debug)]
struct Pinned {
    pin: Vec<u8>,
}

impl Pinned {
    // ok: rust.rustls-verifier-accepts-any
    fn verify_server_cert(&self, end_entity: &CertificateDer<'_>) -> Result<ServerCertVerified, Error> {
        if end_entity.as_ref() == self.pin.as_slice() {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(Error::General("certificate does not match the pinned value".into()))
        }
    }
}

pub fn insecure_config() -> ClientConfig {
    ClientConfig::builder()
        .dangerous()
        // expect: rust.rustls-custom-verifier
        .with_custom_certificate_verifier(Arc::new(AcceptAll))
        .with_no_client_auth()
}

pub fn default_config() -> ClientConfig {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    // ok: rust.rustls-custom-verifier
    ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth()
}

pub fn native_connector(insecure: bool) -> native_tls::Result<native_tls::TlsConnector> {
    native_tls::TlsConnector::builder()
        // ok: rust.tls-accept-invalid-certs
        .danger_accept_invalid_certs(insecure)
        // expect: rust.tls-accept-invalid-certs
        .danger_accept_invalid_hostnames(true)
        .build()
}
