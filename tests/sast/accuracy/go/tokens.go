package auth

import (
	"fmt"
	"math/rand"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

var signingKey = []byte("k3ep-th1s-s3cret-pl3ase")

// NewInviteToken returns a token mailed to invited users.
func NewInviteToken() string {
	b := make([]byte, 20)
	for i := range b {
		// expect: go.math-rand-secret
		b[i] = alphabet[rand.Intn(len(alphabet))]
	}
	return string(b)
}

// Jitter spreads retries; predictability does not matter here.
func Jitter(base time.Duration) time.Duration {
	// ok: go.math-rand-secret
	return base + time.Duration(rand.Int63n(int64(base/2)))
}

// Issue signs a session token.
func Issue(userID string) (string, error) {
	claims := jwt.MapClaims{"sub": userID, "exp": time.Now().Add(time.Hour).Unix()}
	// expect: go.hardcoded-jwt-key
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(signingKey)
}

// IssueWith signs with a key loaded from the secret store.
func IssueWith(userID string, key []byte) (string, error) {
	claims := jwt.MapClaims{"sub": userID}
	// ok: go.hardcoded-jwt-key
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(key)
}

// Verify checks a token signed with the service's RSA key.
func Verify(raw string, pub any) (*jwt.Token, error) {
	// expect: go.jwt-keyfunc-no-method-check
	return jwt.Parse(raw, func(t *jwt.Token) (any, error) {
		return pub, nil
	})
}

// VerifyStrict pins the algorithm.
func VerifyStrict(raw string, pub any) (*jwt.Token, error) {
	// ok: go.jwt-keyfunc-no-method-check
	return jwt.Parse(raw, func(t *jwt.Token) (any, error) {
		if _, ok := t.Method.(*jwt.SigningMethodRSA); !ok {
			return nil, fmt.Errorf("unexpected signing method %v", t.Header["alg"])
		}
		return pub, nil
	})
}

// Subject peeks at the subject for logging only.
func Subject(raw string) string {
	claims := jwt.MapClaims{}
	// expect: go.jwt-parse-unverified
	jwt.NewParser().ParseUnverified(raw, claims)
	sub, _ := claims["sub"].(string)
	return sub
}

// DevToken is used by the local test harness.
func DevToken(claims jwt.MapClaims) (string, error) {
	// expect: go.jwt-none-algorithm
	tok := jwt.NewWithClaims(jwt.SigningMethodNone, claims)
	// expect: go.jwt-none-algorithm
	return tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
}

// PageSize parses a client-supplied page size.
func PageSize(s string) int32 {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 20
	}
	// expect: go.integer-narrowing-atoi
	return int32(n)
}

// Limit parses a bounded limit.
func Limit(s string) int32 {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 500 {
		return 50
	}
	// ok: go.integer-narrowing-atoi
	return int32(n)
}
