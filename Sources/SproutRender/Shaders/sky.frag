// The stage's sky: a gradient by the view direction's height (Sky.color(along:) in Swift).
in vec2 vNDC;
out vec4 oColor;

uniform mat4 uInverseViewProjection;
uniform vec3 uEye;
uniform vec3 uZenith;
uniform vec3 uHorizon;
uniform vec3 uGround;
// 1 when drawing the environment probe: linear radiance out, not sRGB.
uniform int uLinearOutput;

void main() {
    vec4 far = uInverseViewProjection * vec4(vNDC, 1.0, 1.0);
    vec3 d = normalize(far.xyz / far.w - uEye);
    vec3 c = d.y >= 0.0 ? mix(uHorizon, uZenith, sqrt(d.y)) : mix(uHorizon, uGround, sqrt(min(1.0, -d.y * 4.0)));
    oColor = vec4(uLinearOutput == 1 ? c : encodeSRGB(c), 1.0);
}
