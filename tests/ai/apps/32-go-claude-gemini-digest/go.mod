module github.com/acme/news-digest

go 1.23

require (
	github.com/anthropics/anthropic-sdk-go v1.4.0
	google.golang.org/genai v1.10.0
)
