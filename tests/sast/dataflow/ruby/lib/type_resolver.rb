class TypeResolver
  ALLOWED_TYPES = %w[Book Magazine Newspaper].freeze

  def self.resolve(name)
    name.to_s.camelize
  end

  def self.allowed(name)
    candidate = name.to_s.camelize
    ALLOWED_TYPES.include?(candidate) ? candidate : "Book"
  end
end
