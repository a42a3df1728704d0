using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ViewComponents;

namespace Rampart.Samples.Components
{
    public class PromoViewComponent : ViewComponent
    {
        public IViewComponentResult Invoke()
        {
            string text = Request.Query["promo"];
            // expect: CWE-79
            return new HtmlContentViewComponentResult(new HtmlString("<div class=\"promo\">" + text + "</div>"));
        }
    }

    public class EncodedPromoViewComponent : ViewComponent
    {
        public IViewComponentResult Invoke()
        {
            string text = Request.Query["promo"];
            // ok: CWE-79
            return new HtmlContentViewComponentResult(new HtmlString("<div class=\"promo\">" + HtmlEncoder.Default.Encode(text) + "</div>"));
        }
    }
}
