TOKEN = "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"
x = "AKIAQYLPMN5HHHFPZAM2"
aws_secret_access_key = "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"
password = "Tr0ub4dor&3xK!"
