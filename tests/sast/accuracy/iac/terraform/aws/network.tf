# Network layer for the shop platform: VPC security groups and the public ALB.

variable "vpc_id" {
  type = string
}

variable "office_cidr" {
  type    = string
  default = "203.0.113.0/24"
}

resource "aws_security_group" "bastion" {
  name        = "shop-bastion"
  description = "SSH bastion"
  vpc_id      = var.vpc_id

  # expect: terraform.aws.sg-ssh-open-to-world
  ingress {
    description = "SSH from anywhere (temporary, see OPS-1432)"
    from_port   = 22
    to_port     = 22
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }

  # ok: terraform.aws.sg-ssh-open-to-world
  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }
}

resource "aws_security_group" "web" {
  name   = "shop-web"
  vpc_id = var.vpc_id

  # ok: terraform.aws.sg-all-ports-open-to-world
  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }

  # ok: terraform.aws.sg-ssh-open-to-world
  ingress {
    from_port   = 22
    to_port     = 22
    protocol    = "tcp"
    cidr_blocks = [var.office_cidr]
  }

  # ok: terraform.aws.sg-all-ports-open-to-world
  ingress {
    from_port       = 0
    to_port         = 0
    protocol        = "-1"
    security_groups = [aws_security_group.bastion.id]
  }
}

resource "aws_security_group" "windows_jump" {
  name   = "shop-windows-jump"
  vpc_id = var.vpc_id

  # expect: terraform.aws.sg-rdp-open-to-world
  ingress {
    from_port        = 3389
    to_port          = 3389
    protocol         = "tcp"
    cidr_blocks      = ["10.0.0.0/8", "0.0.0.0/0"]
  }
}

# expect: terraform.aws.sg-all-ports-open-to-world
resource "aws_security_group_rule" "debug_any" {
  type              = "ingress"
  from_port         = 0
  to_port           = 65535
  protocol          = "tcp"
  cidr_blocks       = ["0.0.0.0/0"]
  security_group_id = aws_security_group.web.id
}

# expect: terraform.aws.sg-ssh-open-to-world
resource "aws_vpc_security_group_ingress_rule" "ssh_v6" {
  security_group_id = aws_security_group.bastion.id
  cidr_ipv6         = "::/0"
  from_port         = 22
  to_port           = 22
  ip_protocol       = "tcp"
}

# ok: terraform.aws.sg-rdp-open-to-world
resource "aws_vpc_security_group_ingress_rule" "rdp_office" {
  security_group_id = aws_security_group.windows_jump.id
  cidr_ipv4         = "203.0.113.0/24"
  from_port         = 3389
  to_port           = 3389
  ip_protocol       = "tcp"
}

locals {
  admin_ingress = [
    { port = 22, cidr = "0.0.0.0/0" },
  ]
}

resource "aws_security_group" "admin" {
  name   = "shop-admin"
  vpc_id = var.vpc_id

  # The rules cannot see through dynamic blocks fed from locals (known miss).
  # expect: terraform.aws.sg-ssh-open-to-world
  dynamic "ingress" {
    for_each = local.admin_ingress
    content {
      from_port   = ingress.value.port
      to_port     = ingress.value.port
      protocol    = "tcp"
      cidr_blocks = [ingress.value.cidr]
    }
  }
}

resource "aws_lb" "public" {
  name               = "shop-public"
  load_balancer_type = "application"
  security_groups    = [aws_security_group.web.id]
  subnets            = ["subnet-0a1b2c3d", "subnet-4e5f6a7b"]
}

# ok: terraform.aws.lb-listener-plain-http
resource "aws_lb_listener" "http_redirect" {
  load_balancer_arn = aws_lb.public.arn
  port              = 80
  protocol          = "HTTP"

  default_action {
    type = "redirect"
    redirect {
      port        = "443"
      protocol    = "HTTPS"
      status_code = "HTTP_301"
    }
  }
}

# expect: terraform.aws.lb-listener-plain-http
resource "aws_lb_listener" "admin_http" {
  load_balancer_arn = aws_lb.public.arn
  port              = 8080
  protocol          = "HTTP"

  default_action {
    type             = "forward"
    target_group_arn = aws_lb_target_group.admin.arn
  }
}

resource "aws_lb_target_group" "admin" {
  name     = "shop-admin"
  port     = 8080
  protocol = "HTTP"
  vpc_id   = var.vpc_id
}
