"""LDAP filter and XPath expression builders for the directory views."""
from ldap.filter import escape_filter_chars


class FilterBuilder:
    def __init__(self, object_class="person"):
        self.object_class = object_class

    def user_filter(self, uid):
        return "(&(objectClass=" + self.object_class + ")(uid=" + uid + "))"

    def escaped_user_filter(self, uid):
        return "(&(objectClass=" + self.object_class + ")(uid=" + escape_filter_chars(uid) + "))"


class UserDirectory:
    def __init__(self, root="//users"):
        self.root = root

    def find_expr(self, name):
        return self.root + "/user[@name='" + name + "']"

    def find_expr_for_id(self, user_id):
        return self.root + "/user[@id='%d']" % int(user_id)
