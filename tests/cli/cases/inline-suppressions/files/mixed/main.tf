resource "aws_s3_bucket_acl" "a" {
  bucket = "a"
  acl    = "public-read" # nosec
}

resource "aws_s3_bucket_acl" "b" {
  bucket = "b"
  # rampart:ignore -- a public website bucket
  acl    = "public-read"
}

resource "aws_s3_bucket_acl" "c" {
  bucket = "c"
  acl    = "public-read" // rampart:ignore terraform.aws.some-other-rule
}
