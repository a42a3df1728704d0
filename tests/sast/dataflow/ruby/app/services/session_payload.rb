class SessionPayload
  GUEST_ID = 0

  attr_reader :account_id

  def initialize(account_id)
    @account_id = account_id
  end

  def guest_id
    GUEST_ID
  end
end
