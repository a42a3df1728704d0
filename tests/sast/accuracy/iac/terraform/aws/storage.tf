# Data stores for the shop platform.

# ok: terraform.aws.s3-bucket-no-access-logging
resource "aws_s3_bucket" "assets" {
  bucket = "shop-public-assets"
}

resource "aws_s3_bucket_acl" "assets" {
  bucket = aws_s3_bucket.assets.id
  # expect: terraform.aws.s3-public-acl
  acl    = "public-read"
}

resource "aws_s3_bucket_public_access_block" "assets" {
  bucket                  = aws_s3_bucket.assets.id
  block_public_acls       = true
  # expect: terraform.aws.s3-public-access-block-disabled
  block_public_policy     = false
  ignore_public_acls      = true
  # expect: terraform.aws.s3-public-access-block-disabled
  restrict_public_buckets = false
}

# ok: terraform.aws.s3-bucket-no-access-logging
resource "aws_s3_bucket" "access_logs" {
  bucket = "shop-access-logs"
}

resource "aws_s3_bucket_acl" "access_logs" {
  bucket = aws_s3_bucket.access_logs.id
  # ok: terraform.aws.s3-public-acl
  acl    = "log-delivery-write"
}

resource "aws_s3_bucket_logging" "assets" {
  bucket        = aws_s3_bucket.assets.id
  target_bucket = aws_s3_bucket.access_logs.id
  target_prefix = "assets/"
}

# expect: terraform.aws.rds-storage-unencrypted
resource "aws_db_instance" "orders" {
  identifier          = "shop-orders"
  engine              = "postgres"
  engine_version      = "16.3"
  instance_class      = "db.t4g.medium"
  allocated_storage   = 50
  username            = "orders"
  # expect: terraform.aws.db-hardcoded-password
  password            = "orders-Pa55word"
  # expect: terraform.aws.db-publicly-accessible
  publicly_accessible = true
  skip_final_snapshot = true
}

# ok: terraform.aws.rds-storage-unencrypted
resource "aws_db_instance" "orders_replica" {
  identifier          = "shop-orders-replica"
  replicate_source_db = aws_db_instance.orders.identifier
  instance_class      = "db.t4g.medium"
  # ok: terraform.aws.db-publicly-accessible
  publicly_accessible = false
}

# ok: terraform.aws.rds-storage-unencrypted
resource "aws_rds_cluster" "catalog" {
  cluster_identifier          = "shop-catalog"
  engine                      = "aurora-postgresql"
  master_username             = "catalog"
  # ok: terraform.aws.db-hardcoded-password
  manage_master_user_password = true
  storage_encrypted           = true
  kms_key_id                  = aws_kms_key.data.arn
}

# expect: terraform.aws.efs-unencrypted
resource "aws_efs_file_system" "media" {
  creation_token = "shop-media"
}

# expect: terraform.aws.elasticache-at-rest-unencrypted
# expect: terraform.aws.elasticache-transit-unencrypted
resource "aws_elasticache_replication_group" "sessions" {
  replication_group_id = "shop-sessions"
  description          = "session store"
  node_type            = "cache.t4g.small"
  num_cache_clusters   = 2
}

# ok: terraform.aws.elasticache-at-rest-unencrypted
# ok: terraform.aws.elasticache-transit-unencrypted
resource "aws_elasticache_replication_group" "carts" {
  replication_group_id       = "shop-carts"
  description                = "cart cache"
  node_type                  = "cache.t4g.small"
  at_rest_encryption_enabled = true
  transit_encryption_enabled = true
  # ok: terraform.aws.db-hardcoded-password
  auth_token                 = random_password.carts.result
}

# expect: terraform.aws.sns-topic-unencrypted
resource "aws_sns_topic" "order_events" {
  name = "shop-order-events"
}

# ok: terraform.aws.sns-topic-unencrypted
resource "aws_sns_topic" "alerts" {
  name              = "shop-alerts"
  kms_master_key_id = "alias/aws/sns"
}

# expect: terraform.aws.sqs-queue-sse-disabled
resource "aws_sqs_queue" "fulfilment" {
  name                    = "shop-fulfilment"
  sqs_managed_sse_enabled = false
}

# ok: terraform.aws.sqs-queue-sse-disabled
resource "aws_sqs_queue" "fulfilment_dlq" {
  name = "shop-fulfilment-dlq"
}

# ok: terraform.aws.kms-key-rotation-disabled
resource "aws_kms_key" "data" {
  description         = "shop data at rest"
  enable_key_rotation = true
}

# expect: terraform.aws.kms-key-rotation-disabled
resource "aws_kms_key" "exports" {
  description             = "CSV exports"
  deletion_window_in_days = 7
}

# ok: terraform.aws.kms-key-rotation-disabled
resource "aws_kms_key" "invoice_signing" {
  description              = "invoice signatures"
  key_usage                = "SIGN_VERIFY"
  customer_master_key_spec = "ECC_NIST_P256"
}

# expect: terraform.aws.redshift-unencrypted
resource "aws_redshift_cluster" "analytics" {
  cluster_identifier  = "shop-analytics"
  node_type           = "ra3.xlplus"
  master_username     = "analytics"
  master_password     = var.redshift_password
  # expect: terraform.aws.db-publicly-accessible
  publicly_accessible = true
}

resource "random_password" "carts" {
  length  = 32
  special = false
}

variable "redshift_password" {
  type      = string
  sensitive = true
}
