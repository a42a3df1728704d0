module example.com/hello
