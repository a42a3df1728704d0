class ShellRunner
  def self.log_event(message)
    # expect: CWE-78
    system("logger -t webapp #{message}")
  end

  def self.log_event_args(message)
    # ok: CWE-78
    system("logger", "-t", "webapp", message)
  end
end
