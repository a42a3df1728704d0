/* lib/source/rmtree.h - removing a private temporary tree */
#ifndef SCAN_SOURCE_RMTREE_H
#define SCAN_SOURCE_RMTREE_H

/*
 * Remove path and everything below it. Symbolic links are removed, never
 * followed, so a link in a cloned repository cannot make this delete files
 * outside the tree. Returns 0, or SCAN_EIO when something could not be
 * removed (the rest is still removed). It raises no message: it runs on
 * cleanup paths where the error being reported must survive.
 */
int scan_source__rmtree(const char *path);

#endif
