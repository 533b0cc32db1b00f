/* bridge.h: ncurses for floor.swift (swiftc -import-objc-header). */
#include <curses.h>
#include <locale.h>
