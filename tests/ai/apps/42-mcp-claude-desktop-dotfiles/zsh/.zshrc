export EDITOR=nvim
alias gs="git status -sb"
