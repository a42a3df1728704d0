// ticket-insights: similar-ticket search and ad-hoc reporting over the support database.
package main

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"net/url"
	"os"

	_ "github.com/lib/pq"
	"github.com/tmc/langchaingo/embeddings"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
	"github.com/tmc/langchaingo/vectorstores/qdrant"
)

func main() {
	ctx := context.Background()
	llm, err := openai.New(openai.WithModel("gpt-4o"), openai.WithEmbeddingModel("text-embedding-3-small"))
	if err != nil {
		log.Fatal(err)
	}
	embedder, err := embeddings.NewEmbedder(llm)
	if err != nil {
		log.Fatal(err)
	}
	qdrantURL, _ := url.Parse("http://qdrant.support.acme.net:6333")
	store, err := qdrant.New(qdrant.WithURL(*qdrantURL), qdrant.WithCollectionName("tickets"), qdrant.WithEmbedder(embedder))
	if err != nil {
		log.Fatal(err)
	}

	similar, err := store.SimilaritySearch(ctx, os.Args[1], 5)
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range similar {
		fmt.Println("-", d.Metadata["ticket_id"], d.PageContent[:80])
	}

	db, err := sql.Open("postgres", os.Getenv("SUPPORT_DB_URL"))
	if err != nil {
		log.Fatal(err)
	}
	query, err := llms.GenerateFromSinglePrompt(ctx, llm,
		"Write one PostgreSQL query over tickets(id, status, opened_at, product) that answers: "+os.Args[2],
		llms.WithMaxTokens(300))
	if err != nil {
		log.Fatal(err)
	}
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		log.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	fmt.Println(cols)
}
