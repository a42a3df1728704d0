class WebhookTarget
  attr_reader :url

  def initialize(url)
    @url = url
  end

  def default_url
    "https://hooks.example.com/test"
  end
end
