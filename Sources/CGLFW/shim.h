#define GLFW_INCLUDE_NONE 1
#include <GLFW/glfw3.h>
