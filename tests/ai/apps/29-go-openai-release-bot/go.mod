module github.com/acme/release-bot

go 1.22

require github.com/sashabaranov/go-openai v1.35.6
