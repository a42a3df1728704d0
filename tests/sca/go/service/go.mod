module github.com/example/inventory-service

go 1.24.0

toolchain go1.24.4

godebug (
	default=go1.21
	panicnil=1
)

require (
	example.com/internal/auth v0.0.0-00010101000000-000000000000
	github.com/aws/aws-sdk-go-v2 v1.30.3
	github.com/docker/docker v24.0.9+incompatible
	github.com/gin-gonic/gin v1.10.0
	github.com/google/uuid v1.6.0
	github.com/prometheus/client_golang v1.19.1
	golang.org/x/crypto v0.25.0
	golang.org/x/net v0.27.0
	"gopkg.in/yaml.v3" v3.0.1
)

require (
	github.com/beorn7/perks v1.0.1 // indirect
	github.com/bytedance/sonic v1.11.6 // indirect
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/gogo/protobuf v1.3.2 // indirect; docker's API types
	github.com/golang/groupcache v0.0.0-20210331224755-41bb18bfe9da // indirect
	golang.org/x/sys v0.22.0 // indirect
	golang.org/x/text v0.16.0 // indirect
	google.golang.org/protobuf v1.34.2 // indirect
)

require github.com/stretchr/testify v1.9.0 // test helpers, not "indirect"

// Security fix backported to our fork of protobuf for gogo.
replace github.com/gogo/protobuf => github.com/regen-network/protobuf v1.3.3-alpha.regen.1

replace golang.org/x/net v0.27.0 => golang.org/x/net v0.28.0

// Version mismatch: only text v0.15.0 is replaced, and v0.16.0 is required.
replace golang.org/x/text v0.15.0 => golang.org/x/text v0.99.0

replace example.com/internal/auth => ./internal/auth

exclude golang.org/x/net v0.26.0

retract (
	v1.0.1 // Published with a broken migration.
	[v1.2.0, v1.2.3] // Leaked credentials in the test data.
)

tool golang.org/x/tools/cmd/stringer
