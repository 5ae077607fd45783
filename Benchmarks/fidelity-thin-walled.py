"""Renders the fidelity harness's Cycles references (make_reference.py, run as its main) with every
transmissive material made thin-walled, for Benchmarks/fidelity-thin-walled.sh. Blender's Principled
BSDF refracts as solid glass; glTF's KHR_materials_transmission without KHR_materials_volume asks
for thin walls (light passes unbent). Its index of refraction becomes 1.02 (1.0 exactly makes
Cycles' microfacet refraction degenerate: black), which takes its reflection away too, so a GGX
lobe of the same roughness is mixed in by Fresnel at ior 1.5 (seen from inside, at 1 / 1.5, so a
wall does not trap light by total internal reflection), times 1 - metallic and alpha (a metal's
reflection is Principled's own; a masked-out texel stays clear).

    $BLENDER_PY Benchmarks/fidelity-thin-walled.py HARNESS_FOLDER   (FIDELITY_* as make_reference.py reads them)
"""
import os
import sys

harness = os.path.abspath(sys.argv[1])
sys.path.insert(0, harness)
sys.argv = [os.path.join(harness, "make_reference.py"), "--force"]
import make_reference  # noqa: E402

bpy = None


def socket_value(nodes, socket):
    """What feeds `socket`: the linked output, else a Value node holding its default."""
    if socket.is_linked:
        return socket.links[0].from_socket
    value = nodes.new("ShaderNodeValue")
    value.outputs[0].default_value = socket.default_value
    return value.outputs[0]


def make_thin_walled(material):
    nodes, links = material.node_tree.nodes, material.node_tree.links
    for node in list(nodes):
        if node.type != "BSDF_PRINCIPLED":
            continue
        weight = node.inputs["Transmission Weight"]
        if not weight.is_linked and weight.default_value == 0:
            continue
        consumers = [link.to_socket for link in links if link.from_node == node]
        node.inputs["IOR"].default_value = 1.02
        glossy = nodes.new("ShaderNodeBsdfGlossy")
        glossy.distribution = "GGX"
        glossy.inputs["Color"].default_value = (1, 1, 1, 1)
        roughness = node.inputs["Roughness"]
        if roughness.is_linked:
            links.new(roughness.links[0].from_socket, glossy.inputs["Roughness"])
        else:
            glossy.inputs["Roughness"].default_value = roughness.default_value
        # Blender's Fresnel node uses 1 / IOR on back faces; a thin wall reflects alike from both sides.
        outside, inside = nodes.new("ShaderNodeFresnel"), nodes.new("ShaderNodeFresnel")
        outside.inputs["IOR"].default_value, inside.inputs["IOR"].default_value = 1.5, 1 / 1.5
        geometry = nodes.new("ShaderNodeNewGeometry")
        fresnel = nodes.new("ShaderNodeMix")
        fresnel.data_type = "FLOAT"
        links.new(geometry.outputs["Backfacing"], fresnel.inputs[0])
        links.new(outside.outputs[0], fresnel.inputs[2])
        links.new(inside.outputs[0], fresnel.inputs[3])
        dielectric = nodes.new("ShaderNodeMath")
        dielectric.operation = "SUBTRACT"
        dielectric.inputs[0].default_value = 1.0
        links.new(socket_value(nodes, node.inputs["Metallic"]), dielectric.inputs[1])
        weighted = nodes.new("ShaderNodeMath")
        weighted.operation = "MULTIPLY"
        links.new(fresnel.outputs[0], weighted.inputs[0])
        links.new(dielectric.outputs[0], weighted.inputs[1])
        share = nodes.new("ShaderNodeMath")
        share.operation = "MULTIPLY"
        links.new(weighted.outputs[0], share.inputs[0])
        links.new(socket_value(nodes, node.inputs["Alpha"]), share.inputs[1])
        mix = nodes.new("ShaderNodeMixShader")
        links.new(share.outputs[0], mix.inputs["Fac"])
        links.new(node.outputs[0], mix.inputs[1])
        links.new(glossy.outputs[0], mix.inputs[2])
        for socket in consumers:
            links.new(mix.outputs[0], socket)


harness_distribution = make_reference.set_distribution


def set_distribution_thin_walled(name):
    """The harness's step (single-scatter GGX), then every transmissive material thin-walled."""
    harness_distribution(name)
    for material in make_reference.bpy.data.materials:
        if material.use_nodes:
            make_thin_walled(material)


make_reference.set_distribution = set_distribution_thin_walled
make_reference.main()
