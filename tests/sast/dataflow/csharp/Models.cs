using System;
using Microsoft.EntityFrameworkCore;

namespace Rampart.Samples
{
    public class User
    {
        public int Id { get; set; }
        public string Name { get; set; }
        public string Email { get; set; }
        public string Country { get; set; }
        public string Status { get; set; }
        public DateTime CreatedAt { get; set; }
    }

    public class Order
    {
        public int Id { get; set; }
        public string Customer { get; set; }
        public string Region { get; set; }
        public string Status { get; set; }
        public decimal Total { get; set; }
        public DateTime CreatedAt { get; set; }
    }

    public class Product
    {
        public int Id { get; set; }
        public string Name { get; set; }
        public string Category { get; set; }
        public int Stock { get; set; }
        public decimal Price { get; set; }
    }

    [Serializable]
    public class Cart
    {
        public int[] ProductIds { get; set; }
        public string Coupon { get; set; }
    }

    [Serializable]
    public class Snapshot
    {
        public DateTime TakenAt { get; set; }
        public byte[] Data { get; set; }
    }

    public class Message
    {
        public string From { get; set; }
        public string Body { get; set; }
        public object Attachment { get; set; }
    }

    public class AppDbContext : DbContext
    {
        public AppDbContext(DbContextOptions<AppDbContext> options) : base(options)
        {
        }

        public DbSet<User> Users { get; set; }
        public DbSet<Order> Orders { get; set; }
        public DbSet<Product> Products { get; set; }
    }
}
