class SearchQuery
  attr_reader :term, :limit

  def initialize(params)
    @term = params[:q]
    @limit = params[:limit].to_i
  end
end
