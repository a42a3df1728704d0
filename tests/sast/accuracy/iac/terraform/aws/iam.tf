# IAM, audit logging and serverless functions.

provider "aws" {
  region = "eu-west-1"
  # ok: terraform.aws.provider-hardcoded-credentials
  profile = "shop-deploy"
}

provider "aws" {
  alias  = "legacy"
  region = "us-east-1"
  # expect: terraform.aws.provider-hardcoded-credentials
  access_key = "AKIAIOSFODNN7EXAMPLE"
  # expect: terraform.aws.provider-hardcoded-credentials
  secret_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
}

resource "aws_iam_policy" "ci_admin" {
  name = "shop-ci-admin"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      # expect: terraform.aws.iam-policy-admin-wildcard
      {
        Sid      = "Everything"
        Effect   = "Allow"
        Action   = "*"
        Resource = "*"
      },
    ]
  })
}

resource "aws_iam_policy" "reports_read" {
  name = "shop-reports-read"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      # ok: terraform.aws.iam-policy-admin-wildcard
      {
        Effect   = "Allow"
        Action   = ["s3:GetObject", "s3:ListBucket"]
        Resource = "*"
      },
      # ok: terraform.aws.iam-policy-admin-wildcard
      {
        Effect    = "Deny"
        Action    = "*"
        Resource  = "*"
        Condition = { Bool = { "aws:SecureTransport" = "false" } }
      },
    ]
  })
}

resource "aws_iam_role_policy" "legacy_ops" {
  name = "legacy-ops"
  role = aws_iam_role.ops.id
  # expect: terraform.aws.iam-policy-admin-wildcard
  policy = <<-EOF
    {
      "Version": "2012-10-17",
      "Statement": [
        {"Effect": "Allow", "Action": ["*"], "Resource": ["*"]}
      ]
    }
  EOF
}

data "aws_iam_policy_document" "deployer" {
  # expect: terraform.aws.iam-policy-admin-wildcard
  statement {
    sid       = "DeployEverything"
    actions   = ["*"]
    resources = ["*"]
  }
}

data "aws_iam_policy_document" "guardrails" {
  # ok: terraform.aws.iam-policy-admin-wildcard
  statement {
    effect    = "Deny"
    actions   = ["*"]
    resources = ["*"]
  }

  # ok: terraform.aws.iam-policy-admin-wildcard
  statement {
    actions   = ["s3:*"]
    resources = ["arn:aws:s3:::shop-public-assets/*"]
  }
}

resource "aws_iam_role" "ops" {
  name               = "shop-ops"
  assume_role_policy = data.aws_iam_policy_document.assume.json
}

# expect: terraform.aws.cloudtrail-log-validation-disabled
# expect: terraform.aws.cloudtrail-single-region
resource "aws_cloudtrail" "legacy" {
  name           = "shop-legacy-trail"
  s3_bucket_name = "shop-trail-logs"
}

# ok: terraform.aws.cloudtrail-log-validation-disabled
# ok: terraform.aws.cloudtrail-single-region
resource "aws_cloudtrail" "org" {
  name                       = "shop-org-trail"
  s3_bucket_name             = "shop-trail-logs"
  is_multi_region_trail      = true
  enable_log_file_validation = true
}

resource "aws_lambda_function" "thumbnailer" {
  function_name = "shop-thumbnailer"
  role          = aws_iam_role.ops.arn
  handler       = "index.handler"
  runtime       = "nodejs20.x"
  filename      = "thumbnailer.zip"

  environment {
    variables = {
      BUCKET           = "shop-public-assets"
      # expect: terraform.aws.lambda-env-plaintext-secret
      IMGPROXY_SECRET  = "d2a1f07c9be84d5e"
      # ok: terraform.aws.lambda-env-plaintext-secret
      STRIPE_API_KEY   = var.stripe_api_key
      # ok: terraform.aws.lambda-env-plaintext-secret
      DB_PASSWORD_ARN  = aws_secretsmanager_secret.db.arn
      # ok: terraform.aws.lambda-env-plaintext-secret
      TOKEN_TTL        = "3600"
    }
  }
}

resource "aws_secretsmanager_secret" "db" {
  name = "shop/db"
}

variable "stripe_api_key" {
  type      = string
  sensitive = true
}
