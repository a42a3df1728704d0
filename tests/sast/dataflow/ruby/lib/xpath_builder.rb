class XpathBuilder
  CATEGORIES = %w[fiction history science].freeze

  def initialize(category)
    @category = category
  end

  def expression
    "//book[@category='#{@category}']"
  end

  def allowed_expression
    category = CATEGORIES.include?(@category) ? @category : "fiction"
    "//book[@category='#{category}']"
  end
end
