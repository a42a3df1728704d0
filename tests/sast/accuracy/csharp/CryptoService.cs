using System;
using System.Linq;
using System.Net;
using System.Net.Mail;
using System.Security.Cryptography;
using System.Text;
using Microsoft.Extensions.Configuration;

namespace Shop.Core.Security
{
    public class CryptoService
    {
        // expect: csharp.connection-string-password
        private const string LegacyDb = "Server=sql01;Database=Shop;User Id=shop_app;Password=Sh0p!Legacy2019;";
        // ok: csharp.connection-string-password
        private const string ReportingDb = "Server=sql02;Database=Reports;Integrated Security=true;";
        private readonly IConfiguration _config;

        public CryptoService(IConfiguration config) => _config = config;

        public string HashPasswordLegacy(string password)
        {
            // expect: csharp.weak-hash-for-password
            using var md5 = MD5.Create();
            return Convert.ToBase64String(md5.ComputeHash(Encoding.UTF8.GetBytes(password)));
        }

        public string ContentEtag(byte[] body)
        {
            // ok: csharp.weak-hash-for-password
            using var sha1 = SHA1.Create();
            return Convert.ToHexString(sha1.ComputeHash(body));
        }

        public byte[] HashPassword(string password, byte[] salt)
        {
            // ok: csharp.pbkdf2-weak-iterations
            return Rfc2898DeriveBytes.Pbkdf2(Encoding.UTF8.GetBytes(password), salt, 600000, HashAlgorithmName.SHA256, 32);
        }

        public byte[] DeriveExportKey(string passphrase, byte[] salt)
        {
            // expect: csharp.pbkdf2-weak-iterations
            using var kdf = new Rfc2898DeriveBytes(passphrase, salt);
            return kdf.GetBytes(32);
        }

        public byte[] EncryptLegacyCard(byte[] key, byte[] iv, byte[] pan)
        {
            // expect: csharp.weak-cipher-des-rc2
            using var des = new DESCryptoServiceProvider();
            return des.CreateEncryptor(key, iv).TransformFinalBlock(pan, 0, pan.Length);
        }

        public byte[] EncryptPartnerFile(byte[] key, byte[] data)
        {
            // expect: csharp.weak-cipher-3des
            using var tdes = TripleDES.Create();
            tdes.Key = key;
            // expect: csharp.cipher-mode-ecb
            tdes.Mode = CipherMode.ECB;
            return tdes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
        }

        public byte[] Encrypt(byte[] key, byte[] nonce, byte[] data, byte[] tag)
        {
            var cipher = new byte[data.Length];
            // ok: csharp.weak-cipher-des-rc2
            using var aes = new AesGcm(key);
            aes.Encrypt(nonce, data, cipher, tag);
            return cipher;
        }

        public byte[] EncryptCbc(byte[] key, byte[] iv, byte[] data)
        {
            using var aes = Aes.Create();
            aes.Key = key;
            // ok: csharp.cipher-mode-ecb
            aes.Mode = CipherMode.CBC;
            return aes.EncryptCbc(data, iv);
        }

        public RSA NewSigningKey(bool legacy)
        {
            if (legacy)
            {
                // expect: csharp.rsa-key-too-small
                return new RSACryptoServiceProvider(1024);
            }
            // ok: csharp.rsa-key-too-small
            return RSA.Create(3072);
        }

        public string GenerateResetToken()
        {
            // expect: csharp.insecure-random-for-secret
            var rnd = new Random();
            return new string(Enumerable.Range(0, 24).Select(_ => (char)('a' + rnd.Next(26))).ToArray());
        }

        public string GenerateApiKey()
        {
            // ok: csharp.insecure-random-for-secret
            return Convert.ToHexString(RandomNumberGenerator.GetBytes(32));
        }

        public int PickBannerIndex(int count)
        {
            // ok: csharp.insecure-random-for-secret
            return new Random().Next(count);
        }

        public SmtpClient Mailer()
        {
            return new SmtpClient("smtp.contoso.com")
            {
                // expect: csharp.network-credential-hardcoded
                Credentials = new NetworkCredential("noreply@contoso.com", "M4il!Relay#2023")
            };
        }

        public SmtpClient MailerFromConfig()
        {
            return new SmtpClient("smtp.contoso.com")
            {
                // ok: csharp.network-credential-hardcoded
                Credentials = new NetworkCredential(_config["Smtp:User"], _config["Smtp:Password"])
            };
        }
    }
}
