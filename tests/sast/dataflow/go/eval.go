package app

import (
	"net/http"

	"github.com/Knetic/govaluate"
	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

var snippets = map[string]string{
	"now":     `import "time"; time.Now().Unix()`,
	"version": `import "runtime"; runtime.Version()`,
}

func scriptHandler(w http.ResponseWriter, r *http.Request) {
	src := r.FormValue("script")
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		http.Error(w, "interpreter unavailable", http.StatusInternalServerError)
		return
	}
	// expect: CWE-95
	_, err := i.Eval(src)
	if err != nil {
		http.Error(w, "script failed", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func snippetHandler(w http.ResponseWriter, r *http.Request) {
	src, found := snippets[r.FormValue("script")]
	if !found {
		http.Error(w, "unknown snippet", http.StatusNotFound)
		return
	}
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		http.Error(w, "interpreter unavailable", http.StatusInternalServerError)
		return
	}
	// ok: CWE-95
	_, err := i.Eval(src)
	if err != nil {
		http.Error(w, "script failed", http.StatusBadRequest)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func calcHandler(c echo.Context) error {
	code := "2 * 21"
	if c.QueryParam("advanced") == "1" {
		code = c.QueryParam("code")
	}
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		return c.NoContent(http.StatusInternalServerError)
	}
	// expect: CWE-95
	_, err := i.Eval(code)
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	return c.NoContent(http.StatusNoContent)
}

func calcBasicHandler(c echo.Context) error {
	code := "2 * 21"
	if false {
		code = c.QueryParam("code")
	}
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		return c.NoContent(http.StatusInternalServerError)
	}
	// ok: CWE-95
	_, err := i.Eval(code)
	if err != nil {
		return c.NoContent(http.StatusBadRequest)
	}
	return c.NoContent(http.StatusNoContent)
}

func priceRuleHandler(c *gin.Context) {
	expr := c.Query("rule")
	// expect: CWE-95
	ev, err := govaluate.NewEvaluableExpression(expr)
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	res, err := ev.Evaluate(map[string]interface{}{"price": 10.0, "quantity": 3})
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	c.JSON(http.StatusOK, gin.H{"result": res})
}

func defaultPriceRuleHandler(c *gin.Context) {
	expr := c.Query("rule")
	expr = "price * quantity"
	// ok: CWE-95
	ev, err := govaluate.NewEvaluableExpression(expr)
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	res, err := ev.Evaluate(map[string]interface{}{"price": 10.0, "quantity": 3})
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	c.JSON(http.StatusOK, gin.H{"result": res})
}

func scoreRuleHandler(c *gin.Context) {
	rule := NewRule(c.PostForm("rule"))
	// expect: CWE-95
	ev, err := govaluate.NewEvaluableExpression(rule.Expr())
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	res, err := ev.Evaluate(map[string]interface{}{"score": 42})
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	c.JSON(http.StatusOK, gin.H{"pass": res})
}

func defaultScoreRuleHandler(c *gin.Context) {
	rule := NewRule("score > 10")
	// ok: CWE-95
	ev, err := govaluate.NewEvaluableExpression(rule.Expr())
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	res, err := ev.Evaluate(map[string]interface{}{"score": 42})
	if err != nil {
		c.AbortWithStatus(http.StatusBadRequest)
		return
	}
	c.JSON(http.StatusOK, gin.H{"pass": res})
}
