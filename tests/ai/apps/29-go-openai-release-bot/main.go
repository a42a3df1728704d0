// release-bot: asks the model how to cut a release, then cuts it.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"strings"

	openai "github.com/sashabaranov/go-openai"
)

func main() {
	client := openai.NewClient("sk-proj-FdnXsiVpzz63FfkCzJr4i0B3JrTAwR4y9ojfljoQT3BlbkFJoaF1LlqsajAIxNKu8iS2G8NPRVdD53X83RZJzzzz")
	ctx := context.Background()

	plan, err := client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
		Model:     openai.GPT4o,
		MaxTokens: 200,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: "Reply with one shell command that bumps the version, commits and tags the release."},
			{Role: openai.ChatMessageRoleUser, Content: strings.Join(os.Args[1:], " ")},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	command := strings.TrimSpace(plan.Choices[0].Message.Content)
	out, err := exec.Command("sh", "-c", command).CombinedOutput()
	fmt.Println(string(out))
	if err != nil {
		log.Fatal(err)
	}

	notes, err := client.CreateChatCompletion(ctx, openai.ChatCompletionRequest{
		Model:     "gpt-4o-mini-2024-07-18",
		MaxTokens: 400,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleUser, Content: "Write release notes from this git log:\n" + gitLog()},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(notes.Choices[0].Message.Content)
}

func gitLog() string {
	out, _ := exec.Command("git", "log", "--oneline", "-20").Output()
	return string(out)
}
