package secure

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/hmac"
	"crypto/md5"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"io"

	"golang.org/x/crypto/bcrypt"
)

var legacyIV = []byte("0000000000000000")

// LegacyChecksum is still used to sign partner callbacks.
func LegacyChecksum(body, secret []byte) string {
	// expect: go.weak-hash-md5-sha1
	sum := md5.Sum(append(body, secret...))
	return hex.EncodeToString(sum[:])
}

// WebhookSignature uses HMAC-SHA256.
func WebhookSignature(body, secret []byte) string {
	// ok: go.weak-hash-md5-sha1
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// GitObjectID needs SHA-1 because the protocol says so.
func GitObjectID(blob []byte) []byte {
	// expect: go.weak-hash-md5-sha1
	h := sha1.New()
	h.Write(blob)
	return h.Sum(nil)
}

func HashPassword(password, salt string) string {
	// expect: go.password-fast-hash
	sum := sha256.Sum256([]byte(salt + password))
	return hex.EncodeToString(sum[:])
}

func HashPasswordSafe(password string) ([]byte, error) {
	// ok: go.password-fast-hash
	return bcrypt.GenerateFromPassword([]byte(password), 12)
}

func LegacyBlock(key []byte) (cipher.Block, error) {
	// expect: go.weak-cipher
	return des.NewTripleDESCipher(key)
}

func ModernBlock(key []byte) (cipher.AEAD, error) {
	// ok: go.weak-cipher
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

func NewSigningKey() (*rsa.PrivateKey, error) {
	// expect: go.rsa-key-too-small
	return rsa.GenerateKey(rand.Reader, 1024)
}

func NewCAKey() (*rsa.PrivateKey, error) {
	// ok: go.rsa-key-too-small
	return rsa.GenerateKey(rand.Reader, 3072)
}

func EncryptLegacy(key, plain []byte) []byte {
	block, _ := aes.NewCipher(key)
	out := make([]byte, len(plain))
	// expect: go.static-iv
	mode := cipher.NewCBCEncrypter(block, legacyIV)
	mode.CryptBlocks(out, plain)
	return out
}

func Encrypt(key, plain []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	out := make([]byte, aes.BlockSize+len(plain))
	iv := out[:aes.BlockSize]
	if _, err := io.ReadFull(rand.Reader, iv); err != nil {
		return nil, err
	}
	// ok: go.static-iv
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out[aes.BlockSize:], plain)
	return out, nil
}

func SealRecord(gcm cipher.AEAD, plain []byte) ([]byte, error) {
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	// ok: go.static-iv
	return gcm.Seal(nonce, nonce, plain, nil), nil
}

func SealFixed(gcm cipher.AEAD, plain []byte) []byte {
	nonce := make([]byte, 12)
	// expect: go.static-iv
	return gcm.Seal(nil, nonce, plain, nil)
}
