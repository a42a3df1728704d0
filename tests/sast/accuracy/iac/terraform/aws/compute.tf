# Compute: EC2 workers, launch templates, EKS and the CDN.

# expect: terraform.aws.imdsv2-not-required
resource "aws_instance" "batch" {
  ami           = "ami-0123456789abcdef0"
  instance_type = "c6i.large"

  # expect: terraform.aws.ebs-unencrypted
  root_block_device {
    volume_size = 50
    encrypted   = false
  }
}

resource "aws_instance" "legacy_reports" {
  ami           = "ami-0123456789abcdef0"
  instance_type = "t3.medium"

  # expect: terraform.aws.imdsv1-enabled
  metadata_options {
    http_endpoint = "enabled"
    http_tokens   = "optional"
  }
}

# ok: terraform.aws.imdsv2-not-required
resource "aws_launch_template" "web" {
  name_prefix   = "shop-web-"
  image_id      = "ami-0123456789abcdef0"
  instance_type = "t3.small"

  # ok: terraform.aws.imdsv1-enabled
  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
  }

  block_device_mappings {
    device_name = "/dev/xvda"
    # ok: terraform.aws.ebs-unencrypted
    ebs {
      volume_size = 20
      encrypted   = true
    }
  }
}

# expect: terraform.aws.ebs-unencrypted
resource "aws_ebs_volume" "scratch" {
  availability_zone = "eu-west-1a"
  size              = 200
  type              = "gp3"
}

# ok: terraform.aws.ebs-unencrypted
resource "aws_ebs_volume" "reports" {
  availability_zone = "eu-west-1a"
  size              = 100
  encrypted         = true
  kms_key_id        = aws_kms_key.data.arn
}

resource "aws_eks_cluster" "main" {
  name     = "shop"
  role_arn = aws_iam_role.eks.arn
  version  = "1.30"

  # expect: terraform.aws.eks-public-endpoint
  vpc_config {
    subnet_ids             = ["subnet-0a1b2c3d", "subnet-4e5f6a7b"]
    endpoint_public_access = true
  }
}

resource "aws_eks_cluster" "internal" {
  name     = "shop-internal"
  role_arn = aws_iam_role.eks.arn

  # ok: terraform.aws.eks-public-endpoint
  vpc_config {
    subnet_ids              = ["subnet-0a1b2c3d", "subnet-4e5f6a7b"]
    endpoint_private_access = true
    endpoint_public_access  = false
  }
}

resource "aws_cloudfront_distribution" "assets" {
  enabled = true

  origin {
    domain_name = "shop-public-assets.s3.eu-west-1.amazonaws.com"
    origin_id   = "assets"
  }

  default_cache_behavior {
    target_origin_id       = "assets"
    # expect: terraform.aws.cloudfront-allows-http
    viewer_protocol_policy = "allow-all"
    allowed_methods        = ["GET", "HEAD"]
    cached_methods         = ["GET", "HEAD"]
  }

  ordered_cache_behavior {
    path_pattern           = "/account/*"
    target_origin_id       = "assets"
    # ok: terraform.aws.cloudfront-allows-http
    viewer_protocol_policy = "redirect-to-https"
    allowed_methods        = ["GET", "HEAD"]
    cached_methods         = ["GET", "HEAD"]
  }

  restrictions {
    geo_restriction {
      restriction_type = "none"
    }
  }

  viewer_certificate {
    cloudfront_default_certificate = true
  }
}

resource "aws_opensearch_domain" "search" {
  domain_name    = "shop-search"
  engine_version = "OpenSearch_2.13"

  # expect: terraform.aws.opensearch-https-not-enforced
  domain_endpoint_options {
    enforce_https = false
  }
}

resource "aws_opensearch_domain" "logs" {
  domain_name = "shop-logs"

  # ok: terraform.aws.opensearch-https-not-enforced
  domain_endpoint_options {
    enforce_https       = true
    tls_security_policy = "Policy-Min-TLS-1-2-2019-07"
  }
}
