require "shellwords"

class CommandBuilder
  attr_reader :filename

  def initialize(filename)
    @filename = filename
  end

  def command
    "wc -l uploads/#{@filename}"
  end

  def escaped_command
    "wc -l uploads/#{Shellwords.escape(@filename)}"
  end
end
