using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using System.Threading.Tasks;
using System.Web.UI;
using Microsoft.AspNetCore.Mvc;
using Newtonsoft.Json;

namespace Rampart.Samples.Controllers
{
    [Route("api/state")]
    public class DeserializationController : Controller
    {
        private const string DefaultCartState = "AAEAAAD/////AQAAAAAAAAAMAgAAAA==";
        private const string SnapshotPath = "/srv/cache/snapshot.bin";
        private static readonly byte[] SeedBytes = System.IO.File.ReadAllBytes("/srv/cache/seed.bin");

        [HttpPost("cart")]
        public IActionResult RestoreCart()
        {
            string state = Request.Form["state"];
            var bytes = Convert.FromBase64String(state);
            using var ms = new MemoryStream(bytes);
            // expect: CWE-502
            var cart = (Cart)new BinaryFormatter().Deserialize(ms);
            return Ok(cart.ProductIds);
        }

        [HttpPost("cart/v2")]
        public IActionResult RestoreCartV2()
        {
            string state = Request.Form["state"];
            state = DefaultCartState;
            var bytes = Convert.FromBase64String(state);
            using var ms = new MemoryStream(bytes);
            // ok: CWE-502
            var cart = (Cart)new BinaryFormatter().Deserialize(ms);
            return Ok(cart.ProductIds);
        }

        [HttpPost("snapshot")]
        public async Task<IActionResult> RestoreSnapshot()
        {
            var buffered = new MemoryStream();
            await Request.Body.CopyToAsync(buffered);
            buffered.Position = 0;
            Stream source = System.IO.File.OpenRead(SnapshotPath);
            if (buffered.Length > 0)
            {
                source = buffered;
            }
            var formatter = new BinaryFormatter();
            // expect: CWE-502
            var snapshot = (Snapshot)formatter.Deserialize(source);
            return Ok(snapshot.TakenAt);
        }

        [HttpPost("snapshot/v2")]
        public async Task<IActionResult> RestoreSnapshotV2()
        {
            var buffered = new MemoryStream();
            await Request.Body.CopyToAsync(buffered);
            buffered.Position = 0;
            Stream source = System.IO.File.OpenRead(SnapshotPath);
            if (false)
            {
                source = buffered;
            }
            var formatter = new BinaryFormatter();
            // ok: CWE-502
            var snapshot = (Snapshot)formatter.Deserialize(source);
            return Ok(snapshot.TakenAt);
        }

        [HttpPost("messages")]
        public async Task<IActionResult> Messages()
        {
            using var reader = new StreamReader(Request.Body);
            var json = await reader.ReadToEndAsync();
            var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };
            // expect: CWE-502
            var message = JsonConvert.DeserializeObject<Message>(json, settings);
            return Ok(message?.From);
        }

        [HttpPost("messages/v2")]
        public async Task<IActionResult> MessagesV2()
        {
            using var reader = new StreamReader(Request.Body);
            var json = await reader.ReadToEndAsync();
            var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None };
            // ok: CWE-502
            var message = JsonConvert.DeserializeObject<Message>(json, settings);
            return Ok(message?.From);
        }

        [HttpPost("view")]
        public IActionResult RestoreView()
        {
            var state = ViewStateFromRequest();
            // expect: CWE-502
            var graph = new LosFormatter().Deserialize(state);
            return Ok(graph?.GetType().Name);
        }

        [HttpPost("view/default")]
        public IActionResult RestoreViewDefault()
        {
            var state = DefaultViewState();
            // ok: CWE-502
            var graph = new LosFormatter().Deserialize(state);
            return Ok(graph?.GetType().Name);
        }

        [HttpPost("payload")]
        public IActionResult Payload([FromForm] string json)
        {
            var value = PayloadReader.ReadTyped(json);
            return Ok(value?.GetType().Name);
        }

        [HttpPost("payload/v2")]
        public IActionResult PayloadV2([FromForm] string json)
        {
            var value = PayloadReader.ReadPlain(json);
            return Ok(value?.GetType().Name);
        }

        [HttpPost("blob")]
        public IActionResult Blob()
        {
            var blobs = new Dictionary<string, byte[]>();
            blobs["upload"] = Convert.FromBase64String(Request.Form["blob"]);
            blobs["seed"] = SeedBytes;
            using var ms = new MemoryStream(blobs["upload"]);
            // expect: CWE-502
            var graph = new BinaryFormatter().Deserialize(ms);
            return Ok(graph.GetType().Name);
        }

        [HttpPost("blob/seed")]
        public IActionResult BlobSeed()
        {
            var blobs = new Dictionary<string, byte[]>();
            blobs["upload"] = Convert.FromBase64String(Request.Form["blob"]);
            blobs["seed"] = SeedBytes;
            using var ms = new MemoryStream(blobs["seed"]);
            // ok: CWE-502
            var graph = new BinaryFormatter().Deserialize(ms);
            return Ok(graph.GetType().Name);
        }

        [HttpGet("preferences")]
        public IActionResult Preferences()
        {
            var raw = Request.Cookies["prefs"];
            var json = string.IsNullOrEmpty(raw) ? "{}" : raw;
            // expect: CWE-502
            var prefs = JsonConvert.DeserializeObject(json, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.Auto });
            return Ok(prefs?.GetType().Name);
        }

        [HttpGet("preferences/v2")]
        public IActionResult PreferencesV2()
        {
            var raw = Request.Cookies["prefs"];
            var json = string.IsNullOrEmpty(raw) ? "{}" : raw;
            // ok: CWE-502
            var prefs = JsonConvert.DeserializeObject(json, new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None });
            return Ok(prefs?.GetType().Name);
        }

        private string ViewStateFromRequest()
        {
            return Request.Form["__VIEWSTATE"];
        }

        private static string DefaultViewState()
        {
            return "/wEPDwUKLTk2Njk3OTQxNg9kFgICAw9kFgICAQ8PFgIeBFRleHQFBUhlbGxvZGRk";
        }
    }
}
