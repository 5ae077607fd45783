#ifndef SPROUT_ASSIMP_CHECKS_H
#define SPROUT_ASSIMP_CHECKS_H

#ifdef __cplusplus
extern "C" {
#endif

/// 1: Assimp's failed internal checks throw (an import error) instead of aborting the process.
/// Calling it keeps the handler's object file linked into every program that imports models.
int sproutAssimpChecksThrow(void);

#ifdef __cplusplus
}
#endif

#endif
