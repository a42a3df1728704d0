require "sequel"

class ReportService
  attr_reader :region

  def initialize(region)
    @region = region
  end

  def totals
    # expect: CWE-89
    DB["SELECT region, SUM(amount) AS total FROM orders WHERE region = '#{@region}' GROUP BY region"].all
  end

  def totals_bound
    # ok: CWE-89
    DB["SELECT region, SUM(amount) AS total FROM orders WHERE region = ? GROUP BY region", @region].all
  end
end
