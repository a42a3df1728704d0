//! A conversion job: the program and its input file, rendered as a shell line.

pub struct Job {
    program: String,
    input: String,
}

impl Job {
    pub fn new(program: &str, input: &str) -> Self {
        Job {
            program: program.to_string(),
            input: input.to_string(),
        }
    }

    pub fn command_line(&self) -> String {
        format!("{} {} /tmp/converted.png", self.program, self.input)
    }

    pub fn probe_line(&self) -> String {
        String::from("convert -version")
    }
}
