// expect-file: lines=57 code=48 comment=5 blank=4
package primes

// expect: SumOfPrimes cognitive=7 cyclomatic=4 params=1 nesting=3
func SumOfPrimes(max int) int {
	total := 0
OUT:
	for i := 1; i <= max; i++ {
		for j := 2; j < i; j++ {
			if i%j == 0 {
				continue OUT
			}
		}
		total += i
	}
	return total
}

// expect: GetWords cognitive=1 cyclomatic=4 params=1 nesting=1
func GetWords(number int) string {
	switch number {
	case 1:
		return "one"
	case 2:
		return "a couple"
	case 3:
		return "a few"
	default:
		return "lots"
	}
}

// expect: Logic cognitive=6 cyclomatic=8 params=6 nesting=1
func Logic(a, b, c, d, e, f bool) int {
	if a && b && c || d || !(e && f) {
		return 1
	} else if a {
		return 2
	} else {
		return 3
	}
}

// expect: WithClosure cognitive=10 cyclomatic=4 params=1 nesting=3
func (s *Server) WithClosure(ch chan int) {
	go func() {
		for {
			select {
			case v := <-ch:
				if v > 0 {
					goto done
				}
			}
		}
	done:
	}()
}
