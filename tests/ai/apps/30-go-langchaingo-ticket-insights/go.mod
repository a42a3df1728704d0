module github.com/acme/ticket-insights

go 1.22

require (
	github.com/lib/pq v1.10.9
	github.com/tmc/langchaingo v0.1.12
)
