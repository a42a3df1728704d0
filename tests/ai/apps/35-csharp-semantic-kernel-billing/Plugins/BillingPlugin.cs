using System.ComponentModel;
using System.Net.Http.Json;
using Microsoft.SemanticKernel;

namespace BillingAgent.Plugins;

public sealed class BillingPlugin
{
    private static readonly HttpClient Http = new() { BaseAddress = new Uri("https://billing.acme.net/api/") };

    [KernelFunction, Description("Look up an invoice by its number")]
    public async Task<string> GetInvoice(string invoiceNumber) =>
        await Http.GetStringAsync($"invoices/{Uri.EscapeDataString(invoiceNumber)}");

    [KernelFunction, Description("Issue a credit note against an invoice")]
    public async Task<string> IssueCredit(string invoiceNumber, decimal amount)
    {
        var r = await Http.PostAsJsonAsync($"invoices/{Uri.EscapeDataString(invoiceNumber)}/credits", new { amount });
        return r.IsSuccessStatusCode ? "credit issued" : $"failed: {(int)r.StatusCode}";
    }
}
