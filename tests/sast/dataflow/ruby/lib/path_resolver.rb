class PathResolver
  attr_reader :base

  def initialize(base)
    @base = base
  end

  def resolve(name)
    File.join(@base, name)
  end

  def safe_resolve(name)
    full = File.expand_path(name, @base)
    raise ArgumentError, "outside base" unless full.start_with?(@base + File::SEPARATOR)
    full
  end

  def default_path(_name)
    File.join(@base, "default.html.erb")
  end
end
