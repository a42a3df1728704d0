// news-digest: Claude writes the daily digest, Gemini writes the push-notification teaser.
package main

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/anthropics/anthropic-sdk-go"
	"google.golang.org/genai"
)

func digest(ctx context.Context, articles string) (string, error) {
	client := anthropic.NewClient()
	msg, err := client.Messages.New(ctx, anthropic.MessageNewParams{
		Model:     anthropic.Model(os.Getenv("CLAUDE_MODEL")),
		MaxTokens: 1200,
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Write today's digest:\n" + articles))},
	})
	if err != nil {
		return "", err
	}
	return msg.Content[0].Text, nil
}

func teaser(ctx context.Context, digestText string) (string, error) {
	client, err := genai.NewClient(ctx, &genai.ClientConfig{Backend: genai.BackendGeminiAPI})
	if err != nil {
		return "", err
	}
	resp, err := client.Models.GenerateContent(ctx, "gemini-2.0-flash",
		genai.Text("A 90-character push notification for this digest:\n"+digestText),
		&genai.GenerateContentConfig{MaxOutputTokens: 60})
	if err != nil {
		return "", err
	}
	return resp.Text(), nil
}

func main() {
	ctx := context.Background()
	articles, _ := os.ReadFile(os.Args[1])
	d, err := digest(ctx, string(articles))
	if err != nil {
		log.Fatal(err)
	}
	t, err := teaser(ctx, d)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(t)
	fmt.Println(d)
}
