package ginapi

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
)

type Product struct {
	ID    uint
	Name  string
	Price int
}

type API struct {
	db *gorm.DB
}

func (a *API) Search(c *gin.Context) {
	name := c.Query("name")
	var products []Product
	// expect: go.gorm-sql-format-string
	a.db.Where(fmt.Sprintf("name LIKE '%%%s%%'", name)).Find(&products)
	c.JSON(http.StatusOK, products)
}

func (a *API) SearchSafe(c *gin.Context) {
	name := c.Query("name")
	var products []Product
	// ok: go.gorm-sql-format-string
	a.db.Where("name LIKE ?", "%"+name+"%").Find(&products)
	c.JSON(http.StatusOK, products)
}

func (a *API) Sorted(c *gin.Context) {
	var products []Product
	// expect: go.gorm-sql-format-string
	a.db.Order("price, " + c.Query("sort")).Find(&products)
	c.JSON(http.StatusOK, products)
}

func (a *API) Cheap(c *gin.Context) {
	limit, err := strconv.Atoi(c.DefaultQuery("limit", "10"))
	if err != nil || limit < 1 || limit > 100 {
		limit = 10
	}
	var products []Product
	// ok: go.gorm-sql-format-string
	a.db.Raw(fmt.Sprintf("SELECT * FROM products ORDER BY price LIMIT %d", limit)).Scan(&products)
	c.JSON(http.StatusOK, products)
}

func (a *API) Login(c *gin.Context) {
	token := c.PostForm("token")
	// expect: go.gin-cookie-insecure
	c.SetCookie("session", token, 3600, "/", "shop.example.com", false, true)
	// expect: go.open-redirect
	c.Redirect(http.StatusFound, c.Query("return_to"))
}

func (a *API) LoginSafe(c *gin.Context) {
	token := c.PostForm("token")
	// ok: go.gin-cookie-insecure
	c.SetCookie("session", token, 3600, "/", "shop.example.com", true, true)
	// ok: go.open-redirect
	c.Redirect(http.StatusFound, "/account")
}

func (a *API) Logout(c *gin.Context) {
	// ok: go.gin-cookie-insecure
	c.SetCookie("session", "", -1, "/", "shop.example.com", false, true)
	c.Status(http.StatusNoContent)
}

func Export(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	// expect: go.header-injection
	w.Header().Set("Content-Disposition", "attachment; filename=\""+name+".csv\"")
	// ok: go.header-injection
	w.Header().Set("Content-Type", "text/csv")
	fmt.Fprintln(w, "id,name,price")
}

func PublicCORS(w http.ResponseWriter, r *http.Request) {
	// expect: go.cors-wildcard-with-credentials
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Credentials", "true")
	w.WriteHeader(http.StatusNoContent)
}
