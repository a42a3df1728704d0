# expect-file: lines=33 code=27 comment=4 blank=2
# expect: sum_of_primes cognitive=5 cyclomatic=3 params=1 nesting=1
def sum_of_primes(max)
  total = 0
  (1..max).each do |i|
    prime = true
    (2...i).each { |j| prime = false if (i % j).zero? }
    total += i if prime
  end
  total
end

# expect: logic cognitive=6 cyclomatic=8 params=6 nesting=1
def logic(a, b, c, d, e, f)
  if a && b && c || d || !(e && f)
    1
  elsif a
    2
  else
    3
  end
end

class Worker
  # expect: run cognitive=4 cyclomatic=4 params=0 nesting=2
  def self.run
    begin
      work
    rescue StandardError => e
      retry unless e.message.empty? or e.backtrace.nil?
    end
  end
end
