using Microsoft.SemanticKernel;
using Microsoft.SemanticKernel.Agents;
using Microsoft.SemanticKernel.ChatCompletion;
using Microsoft.SemanticKernel.Connectors.OpenAI;
using BillingAgent.Plugins;

var builder = Kernel.CreateBuilder();
builder.AddOpenAIChatCompletion(modelId: "gpt-4o-mini", apiKey: Environment.GetEnvironmentVariable("OPENAI_API_KEY")!);
builder.Plugins.AddFromType<BillingPlugin>();
Kernel kernel = builder.Build();

ChatCompletionAgent agent = new()
{
    Name = "BillingAgent",
    Instructions = "You help customers with invoices. Only admins may issue credits; ask for the admin code first.",
    Kernel = kernel,
    Arguments = new KernelArguments(new OpenAIPromptExecutionSettings
    {
        FunctionChoiceBehavior = FunctionChoiceBehavior.Auto(),
        MaxTokens = 600,
    }),
};

ChatHistory history = [];
while (Console.ReadLine() is { Length: > 0 } line)
{
    history.AddUserMessage(line);
    await foreach (ChatMessageContent reply in agent.InvokeAsync(history))
    {
        Console.WriteLine(reply.Content);
    }
}
