// GLFW (Debian's libglfw3-dev for the header), opened with dlopen when the first window opens
// instead of linked: linked, GLFW and its X11 libraries load with every start, windowless ones
// too, and widen every later symbol lookup (3 % of an offscreen cold start measured;
// BENCHMARKS.md, issue 32). RTLD_LOCAL keeps them out of the global scope even once loaded.
#define GLFW_INCLUDE_NONE 1
#include <GLFW/glfw3.h>
#include <dlfcn.h>

/// The GLFW functions Sprout calls, resolved from libglfw.so.3.
typedef struct sprout_glfw {
    void *library;
    int (*initialize)(void);
    void (*terminate)(void);
    int (*getError)(const char **description);
    void (*windowHint)(int hint, int value);
    GLFWwindow *(*createWindow)(int width, int height, const char *title, GLFWmonitor *monitor, GLFWwindow *share);
    void (*destroyWindow)(GLFWwindow *window);
    void (*makeContextCurrent)(GLFWwindow *window);
    void (*swapInterval)(int interval);
    void (*setWindowUserPointer)(GLFWwindow *window, void *pointer);
    void *(*getWindowUserPointer)(GLFWwindow *window);
    GLFWmousebuttonfun (*setMouseButtonCallback)(GLFWwindow *window, GLFWmousebuttonfun callback);
    GLFWcursorposfun (*setCursorPosCallback)(GLFWwindow *window, GLFWcursorposfun callback);
    GLFWscrollfun (*setScrollCallback)(GLFWwindow *window, GLFWscrollfun callback);
    GLFWkeyfun (*setKeyCallback)(GLFWwindow *window, GLFWkeyfun callback);
    void (*getFramebufferSize)(GLFWwindow *window, int *width, int *height);
    void (*getWindowSize)(GLFWwindow *window, int *width, int *height);
    int (*windowShouldClose)(GLFWwindow *window);
    void (*setWindowShouldClose)(GLFWwindow *window, int value);
    void (*setWindowTitle)(GLFWwindow *window, const char *title);
    double (*getTime)(void);
    void (*pollEvents)(void);
    void (*swapBuffers)(GLFWwindow *window);
    int (*getKey)(GLFWwindow *window, int key);
} sprout_glfw;

/// Opens GLFW and resolves its functions into `api`: 0, or -1 (the reason in dlerror(), or a
/// function missing).
static inline int sprout_glfw_open(sprout_glfw *api) {
    void *l = dlopen("libglfw.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!l) return -1;
    api->library = l;
#define SPROUT_GLFW(field, name) if (!(*(void **)&api->field = dlsym(l, name))) return -1;
    SPROUT_GLFW(initialize, "glfwInit")
    SPROUT_GLFW(terminate, "glfwTerminate")
    SPROUT_GLFW(getError, "glfwGetError")
    SPROUT_GLFW(windowHint, "glfwWindowHint")
    SPROUT_GLFW(createWindow, "glfwCreateWindow")
    SPROUT_GLFW(destroyWindow, "glfwDestroyWindow")
    SPROUT_GLFW(makeContextCurrent, "glfwMakeContextCurrent")
    SPROUT_GLFW(swapInterval, "glfwSwapInterval")
    SPROUT_GLFW(setWindowUserPointer, "glfwSetWindowUserPointer")
    SPROUT_GLFW(getWindowUserPointer, "glfwGetWindowUserPointer")
    SPROUT_GLFW(setMouseButtonCallback, "glfwSetMouseButtonCallback")
    SPROUT_GLFW(setCursorPosCallback, "glfwSetCursorPosCallback")
    SPROUT_GLFW(setScrollCallback, "glfwSetScrollCallback")
    SPROUT_GLFW(setKeyCallback, "glfwSetKeyCallback")
    SPROUT_GLFW(getFramebufferSize, "glfwGetFramebufferSize")
    SPROUT_GLFW(getWindowSize, "glfwGetWindowSize")
    SPROUT_GLFW(windowShouldClose, "glfwWindowShouldClose")
    SPROUT_GLFW(setWindowShouldClose, "glfwSetWindowShouldClose")
    SPROUT_GLFW(setWindowTitle, "glfwSetWindowTitle")
    SPROUT_GLFW(getTime, "glfwGetTime")
    SPROUT_GLFW(pollEvents, "glfwPollEvents")
    SPROUT_GLFW(swapBuffers, "glfwSwapBuffers")
    SPROUT_GLFW(getKey, "glfwGetKey")
#undef SPROUT_GLFW
    return 0;
}
