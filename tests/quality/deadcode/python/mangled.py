"""Name-mangled methods: only the class itself can call them."""
import functools


class Cache:
    def __init__(self, size):
        self.__size = size
        self.__store = {}

    def __evict(self):  # expect: unused-private-function
        self.__store.clear()

    def __trim(self, keep):
        return list(self.__store)[:keep]

    def get(self, key):
        self.__trim(self.__size)
        return self.__store.get(key)

    def __repr__(self):
        return "Cache(%d)" % self.__size

    @functools.cached_property
    def __stats(self):
        return len(self.__store)

    def _helper(self):
        return self.__size


def _module_helper(value):
    return value * 2
